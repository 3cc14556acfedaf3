/** The table tree's search: keeps the tables whose name or comment holds the text, and their schemas. */

export interface TableLeaf {
  key: string;
  title: string;
  type: 'table';
  schema: string;
  name: string;
  comment: string;
  rowEstimate: number | null;
  partitioned: boolean;
  partitions: number;
}
export interface SchemaNode {
  key: string;
  title: string;
  type: 'schema';
  children: TableLeaf[];
}

/** Schemas with only the matching tables (a schema whose own name matches keeps all of them). */
export function filterTree(tree: SchemaNode[], text: string): SchemaNode[] {
  const q = text.trim().toLowerCase();
  if (!q) return tree;
  const hit = (s: string) => s.toLowerCase().includes(q);
  return tree
    .map((s) => (hit(s.title) ? s : { ...s, children: s.children.filter((t) => hit(t.name) || hit(t.comment)) }))
    .filter((s) => s.children.length > 0);
}

/** The table to show first: the first one of 'public', else the first at all. */
export function firstTable(tree: SchemaNode[]): TableLeaf | undefined {
  return (tree.find((s) => s.key === 'public') ?? tree.find((s) => s.children.length))?.children[0];
}

/** Every leaf, for lookups by key. */
export const leaves = (tree: SchemaNode[]): TableLeaf[] => tree.flatMap((s) => s.children);
