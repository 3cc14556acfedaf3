import { describe, expect, it } from 'vitest';
import { filterTree, firstTable, leaves, type SchemaNode, type TableLeaf } from './tree-filter';

const leaf = (schema: string, name: string, comment = ''): TableLeaf => ({
  key: `${schema}.${name}`,
  title: name,
  type: 'table',
  schema,
  name,
  comment,
  rowEstimate: null,
  partitioned: false,
  partitions: 0,
});
const TREE: SchemaNode[] = [
  { key: 'drizzle', title: 'drizzle', type: 'schema', children: [leaf('drizzle', 'migrations')] },
  {
    key: 'public',
    title: 'public',
    type: 'schema',
    children: [leaf('public', 'tenants', 'Tenant'), leaf('public', 'login_log', '登录日志')],
  },
];

describe('table tree search', () => {
  it('keeps everything for a blank search', () => {
    expect(filterTree(TREE, '  ')).toBe(TREE);
  });
  it('matches table names and comments, case-insensitively, dropping empty schemas', () => {
    expect(leaves(filterTree(TREE, 'TENANT')).map((l) => l.key)).toEqual(['public.tenants']);
    expect(leaves(filterTree(TREE, '日志')).map((l) => l.key)).toEqual(['public.login_log']);
    expect(filterTree(TREE, 'nothing')).toEqual([]);
  });
  it('keeps all tables of a schema whose name matches', () => {
    expect(leaves(filterTree(TREE, 'drizz')).map((l) => l.key)).toEqual(['drizzle.migrations']);
  });
  it('starts with the first table of public', () => {
    expect(firstTable(TREE)?.key).toBe('public.tenants');
    expect(firstTable([TREE[0]])?.key).toBe('drizzle.migrations');
    expect(firstTable([])).toBeUndefined();
  });
});
