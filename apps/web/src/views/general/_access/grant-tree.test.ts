import { describe, expect, it } from 'vitest';
import { allKeys, type GrantNode, grantsOfTree, grantsToKeys, keysToGrants, roleIdsOf, toTreeData } from './grant-tree';

const n = (id: number, code: string, extra: Partial<GrantNode> = {}): GrantNode => ({
  id,
  code,
  level: 1,
  names: { zh_CN: `${code}中`, zh_TW: `${code}繁`, en_US: code },
  terminal: 'web',
  side: 'T',
  buttons: [],
  granted: [],
  children: [],
  ...extra,
});
const btn = (code: string) => ({ code, names: { zh_CN: code, zh_TW: code, en_US: code } });

const tree: GrantNode[] = [
  n(1, 'stock', {
    children: [n(2, 'stock/in', { buttons: [btn('query'), btn('add')], granted: ['query'] }), n(3, 'stock/report')],
  }),
];

describe('grant tree', () => {
  it('builds antd tree data with buttons as leaves', () => {
    const data = toTreeData(tree, 'en_US');
    expect(data[0].key).toBe('m:1');
    expect(data[0].children?.[0].children?.map((c) => c.key)).toEqual(['b:2:query', 'b:2:add']);
    expect(allKeys(data)).toEqual(['m:1', 'm:2', 'b:2:query', 'b:2:add', 'm:3']);
  });

  it('turns checked and half-checked keys into grants (groups are not grants)', () => {
    expect(keysToGrants(tree, ['b:2:query', 'm:3'], ['m:1', 'm:2'])).toEqual([
      { menuId: 2, actions: ['query'] },
      { menuId: 3, actions: [] },
    ]);
    expect(keysToGrants(tree, ['m:1', 'm:2', 'b:2:query', 'b:2:add', 'm:3'])).toEqual([
      { menuId: 2, actions: ['query', 'add'] },
      { menuId: 3, actions: [] },
    ]);
    expect(keysToGrants(tree, [])).toEqual([]);
  });

  it('turns grants back into checked keys and round-trips', () => {
    const grants = [
      { menuId: 2, actions: ['add'] },
      { menuId: 3, actions: [] },
    ];
    const keys = grantsToKeys(tree, grants);
    expect(keys).toEqual(['b:2:add', 'm:3']);
    expect(keysToGrants(tree, keys, ['m:1', 'm:2'])).toEqual(grants);
  });

  it('reads the grants the server marked in the tree', () => {
    expect(grantsOfTree(tree)).toEqual([{ menuId: 2, actions: ['query'] }]);
    expect(grantsOfTree(tree, new Set([3]))).toEqual([
      { menuId: 2, actions: ['query'] },
      { menuId: 3, actions: [] },
    ]);
  });

  it('reads role ids per terminal from row JSON or ids', () => {
    expect(roleIdsOf('{"web":[{"id":5,"code":"A","name":"a"}],"app":[]}')).toEqual({ web: [5], app: [] });
    expect(roleIdsOf({ pad: [7, 8] })).toEqual({ pad: [7, 8] });
    expect(roleIdsOf('nope')).toEqual({});
    expect(roleIdsOf(undefined)).toEqual({});
  });
});
