import { describe, expect, it } from 'vitest';
import { type GrantNode, grantsOfTree, roleIdsOf } from './grant-tree';

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
