import { type ChildSpec, describeIssues, type Lang, type ResourceDef, schemasOf, translate } from '@tagloom/domain';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { type AnyTable, declarationOf, tableOf } from '../../db/resource-table.js';
import type { SessionInfo } from '../context.js';
import { localizeParams } from '../envelope.js';
import { badRequest } from '../errors.js';
import type { ResourceHooks } from './service.js';

type Row = Record<string, unknown>;

/** Keys a client sends back with a line it read: not part of what is written. */
const READ_ONLY = new Set(['id', 'tenantId', 'createdBy', 'createdAt', 'updatedAt']);

function childTable(c: ChildSpec): AnyTable {
  const table = tableOf(c.resource.code);
  if (!table) throw new Error(`${c.resource.code} has no table built from its declaration`);
  return table;
}

/** The lines of one parent, scoped to the session's tenant when the lines are tenant rows. */
function ofParent(c: ChildSpec, table: AnyTable, session: SessionInfo, parentId: number, ...more: (SQL | undefined)[]) {
  const tenant = c.resource.owner === 'tenant' ? eq(table.tenantId, session.tenantId) : undefined;
  return and(eq(table[c.parentField], parentId), tenant, ...more);
}

/** The body without its line lists, and the line lists given (absent: lines left as they are). */
export function splitLines(def: ResourceDef, body: Row): { data: Row; lines: Map<ChildSpec, unknown[]> } {
  const data = { ...body };
  const lines = new Map<ChildSpec, unknown[]>();
  for (const c of def.children ?? []) {
    if (Array.isArray(data[c.key])) lines.set(c, data[c.key] as unknown[]);
    delete data[c.key];
  }
  return { data, lines };
}

interface CheckedLine {
  id?: number;
  data: Row;
  /** the fields the line gave: an existing line keeps the others */
  given: Set<string>;
}

/** Each line checked with the line declaration's create rules; a refusal names the line ("Line 3: …"). */
function checkLines(c: ChildSpec, lines: unknown[], parentId: number, lang: Lang): CheckedLine[] {
  const child = c.resource as ResourceDef;
  const out: CheckedLine[] = [];
  const problems: { field: string; message: string }[] = [];
  const sentences: string[] = [];
  const line = (i: number, message: string) => translate(lang, 'refs.line', { row: i + 1, message });
  lines.forEach((raw, i) => {
    const given = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Row) : {};
    const input: Row = {};
    for (const [k, v] of Object.entries(given)) if (!READ_ONLY.has(k) && k !== c.parentField) input[k] = v;
    for (const f of child.list) if (!f.form) delete input[f.key];
    const parsed = schemasOf(child).create.safeParse({ ...input, [c.parentField]: parentId });
    if (!parsed.success) {
      const { fields, summary } = describeIssues(lang, parsed.error.issues, child.labels);
      for (const f of fields) problems.push({ field: `${c.key}.${i}.${f.field}`, message: line(i, f.message) });
      sentences.push(line(i, summary));
      return;
    }
    const id = Number(given.id);
    out.push({ id: Number.isInteger(id) && id > 0 ? id : undefined, data: parsed.data, given: new Set(Object.keys(input)) });
  });
  // a value unique among a parent's lines may appear once in the list
  for (const f of child.list.filter((x) => x.uniqueWithin === c.parentField)) {
    const seen = new Map<unknown, number>();
    out.forEach((l, i) => {
      const v = l.data[f.key];
      if (v === undefined || v === '') return;
      const first = seen.get(v);
      if (first === undefined) seen.set(v, i);
      else {
        const message = translate(lang, 'refs.lineRepeated', { row: i + 1, first: first + 1, field: f.label[lang], value: v });
        problems.push({ field: `${c.key}.${i}.${f.key}`, message });
        sentences.push(message);
      }
    });
  }
  if (sentences.length)
    throw badRequest(
      'validation.summary',
      { summary: sentences.join(translate(lang, 'messages.sentenceSeparator')) },
      {
        fields: problems,
      },
    );
  return out;
}

/** The hooks of a line declaration (its service's, in the module registry), by its code. */
export type LineHooksOf = (code: string) => ResourceHooks | undefined;

/** What writeLines did, by line declaration: what the lines' afterCommit hooks are told once the parent's transaction commits. */
export type LineWrites = Map<string, Set<'create' | 'update' | 'delete'>>;

/**
 * Write the parent's lines in its transaction: lines with an id of this parent are updated, lines
 * without one are added, the parent's other lines go. An id of another parent's line is refused.
 * A line is a row of its own declaration: its hooks run as they do on its own routes (beforeDelete
 * on the lines that go, beforeWrite and afterWrite on each line updated or added), in the parent's
 * transaction, so a hook's refusal undoes the parent's write too.
 */
export async function writeLines(
  tx: Tx,
  def: ResourceDef,
  session: SessionInfo,
  parentId: number,
  lines: Map<ChildSpec, unknown[]>,
  lang: Lang,
  hooksOf: LineHooksOf = () => undefined,
): Promise<LineWrites> {
  const writes: LineWrites = new Map();
  const wrote = (code: string, action: 'create' | 'update' | 'delete') => writes.set(code, (writes.get(code) ?? new Set()).add(action));
  for (const [c, list] of lines) {
    const table = childTable(c);
    const child = c.resource as ResourceDef;
    const hooks = hooksOf(child.code) ?? {};
    const checked = checkLines(c, list, parentId, lang);
    const mine = new Map(
      (
        (await tx
          .select()
          .from(table)
          .where(ofParent(c, table, session, parentId))) as Row[]
      ).map((r) => [Number(r.id), r]),
    );
    const stranger = checked.findIndex((l) => l.id !== undefined && !mine.has(l.id));
    if (stranger >= 0) {
      const message = translate(lang, 'refs.lineNotFound', localizeParams(lang, { row: stranger + 1, what: def.names }));
      throw badRequest('validation.summary', { summary: message }, { fields: [{ field: `${c.key}.${stranger}`, message }] });
    }
    const kept = new Set(checked.filter((l) => l.id !== undefined).map((l) => l.id as number));
    const gone = [...mine.values()].filter((r) => !kept.has(Number(r.id)));
    if (gone.length) {
      await hooks.beforeDelete?.(tx, gone, { session });
      await tx.delete(table).where(
        ofParent(
          c,
          table,
          session,
          parentId,
          inArray(
            table.id,
            gone.map((r) => Number(r.id)),
          ),
        ),
      );
      wrote(child.code, 'delete');
    }
    const editable = child.list.filter((f) => f.form && f.editable && f.key !== c.parentField).map((f) => f.key);
    for (const l of checked.filter((x) => x.id !== undefined)) {
      const existing = mine.get(l.id as number)!;
      const changes = Object.fromEntries(editable.filter((k) => l.given.has(k)).map((k) => [k, l.data[k]]));
      await hooks.beforeWrite?.(tx, { ...existing, ...changes }, { session, existing, changes, lang });
      const [row] = (await tx
        .update(table)
        .set({ ...changes, updatedAt: new Date() })
        .where(ofParent(c, table, session, parentId, eq(table.id, l.id as number)))
        .returning()) as Row[];
      await hooks.afterWrite?.(tx, row, { session, body: changes, existing });
      wrote(child.code, 'update');
    }
    const added: Row[] = [];
    for (const l of checked.filter((x) => x.id === undefined)) {
      const data: Row = { ...l.data, [c.parentField]: parentId };
      // (a hook may adjust a new line before it is written, as on the line's own create)
      await hooks.beforeWrite?.(tx, data, { session, lang });
      added.push({
        ...data,
        [c.parentField]: parentId,
        createdBy: session.userId,
        ...(child.owner === 'tenant' ? { tenantId: session.tenantId } : {}),
      });
    }
    if (added.length) {
      const rows = (await tx.insert(table).values(added).returning()) as Row[];
      if (hooks.afterWrite) for (const [i, row] of rows.entries()) await hooks.afterWrite(tx, row, { session, body: added[i] });
      wrote(child.code, 'create');
    }
  }
  return writes;
}

/**
 * A parent's lines that go with it (their ref cascades): their beforeDelete hooks run first, in the
 * parent's transaction. Lines whose ref restricts keep the parent (the database refuses it).
 */
export async function deleteLinesOf(
  tx: Tx,
  def: ResourceDef,
  session: SessionInfo,
  parentIds: number[],
  hooksOf: LineHooksOf,
): Promise<LineWrites> {
  const writes: LineWrites = new Map();
  for (const c of def.children ?? []) {
    const hooks = hooksOf(c.resource.code);
    const cascades = c.resource.list.find((f: { key: string }) => f.key === c.parentField)?.ref?.onDelete === 'cascade';
    if (!hooks?.beforeDelete || !cascades) continue;
    const rows = [...(await readLines(tx, c, session, parentIds)).values()].flat();
    if (!rows.length) continue;
    await hooks.beforeDelete(tx, rows, { session });
    writes.set(c.resource.code, new Set(['delete']));
  }
  return writes;
}

/** After the parent's transaction committed: each written line declaration's afterCommit hook, once per action. */
export async function linesCommitted(writes: LineWrites, session: SessionInfo, hooksOf: LineHooksOf): Promise<void> {
  for (const [code, actions] of writes) for (const action of actions) await hooksOf(code)?.afterCommit?.({ action, session });
}

/** The lines of some parents, by parent id, in the line declaration's order (for get and list-with-lines). */
export async function readLines(tx: Tx, c: ChildSpec, session: SessionInfo, parentIds: number[]): Promise<Map<number, Row[]>> {
  const table = childTable(c);
  const child = c.resource as ResourceDef;
  const byParent = new Map<number, Row[]>(parentIds.map((id) => [id, []]));
  if (!parentIds.length) return byParent;
  const tenant = child.owner === 'tenant' ? eq(table.tenantId, session.tenantId) : undefined;
  const rows = (await tx
    .select()
    .from(table)
    .where(and(inArray(table[c.parentField], parentIds), tenant))
    .orderBy(...lineOrder(c, table))) as Row[];
  for (const r of rows) {
    const { tenantId: _t, ...rest } = r;
    byParent.get(r[c.parentField] as number)?.push(rest);
  }
  return byParent;
}

/** The order of a parent's lines: the line declaration's default sort (unless it is the parent), then entry order. */
function lineOrder(c: ChildSpec, table: AnyTable) {
  const sort = c.resource.defaultSort;
  const by = sort && sort.field !== c.parentField ? [sort.order === 'desc' ? desc(table[sort.field]) : asc(table[sort.field])] : [];
  return [...by, asc(table.id)];
}

/** One page of the lines of one parent (the parent already checked in the session's scope), and their count. */
export async function pageOfLines(
  tx: Tx,
  c: ChildSpec,
  session: SessionInfo,
  parentId: number,
  page: { page: number; pageSize: number },
): Promise<{ rows: Row[]; total: number }> {
  const table = childTable(c);
  const where = ofParent(c, table, session, parentId);
  const rows = (await tx
    .select()
    .from(table)
    .where(where)
    .orderBy(...lineOrder(c, table))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)) as Row[];
  const total =
    rows.length < page.pageSize && (rows.length > 0 || page.page === 1)
      ? (page.page - 1) * page.pageSize + rows.length
      : Number(((await tx.select({ n: count() }).from(table).where(where)) as { n: number }[])[0].n);
  return { rows: rows.map(({ tenantId: _t, ...rest }) => rest), total };
}

/**
 * The labels of the ref fields of some lines (a SKU by its barcode, as the declaration's labelField
 * says), by field key and id: read in the session's tenant, whatever screen the target has, so a
 * user who may read the lines reads what they name without the right to the target's screen.
 */
export async function refLabelsOf(
  tx: Tx,
  def: ResourceDef,
  session: SessionInfo,
  rows: Row[],
): Promise<Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, string>> = {};
  for (const f of def.list.filter((x) => x.kind === 'ref' && x.ref && x.stored !== false)) {
    const target = declarationOf(f.ref!.resource);
    const table = tableOf(f.ref!.resource);
    const ids = [
      ...new Set(
        rows
          .map((r) => r[f.key])
          .filter((v) => v !== null && v !== undefined)
          .map(Number),
      ),
    ];
    if (!target || !table || !ids.length) continue;
    const found = (await tx
      .select({ id: table.id, label: table[f.ref!.labelField] })
      .from(table)
      .where(and(target.owner === 'tenant' ? eq(table.tenantId, session.tenantId) : undefined, inArray(table.id, ids)))) as {
      id: number;
      label: unknown;
    }[];
    out[f.key] = Object.fromEntries(found.map((r) => [String(r.id), String(r.label ?? r.id)]));
  }
  return out;
}
