/**
 * An advance shipping notice imported from a factory's spreadsheet (issue 29: "by xlsx import
 * (carton, SKU, quantity, EPC optional)"). The workbook is read in the sheet worker (core/sheet:
 * never on the event loop); its rows are checked here a slice at a time, each refusal naming its
 * row and column; with any bad row nothing is written. Otherwise one transaction makes the bill
 * (a purchase receipt from the factory to the warehouse, origin ASN import), its lines (a carton's
 * pieces of a SKU), its cartons (an SSCC given, or made as any bill's) and the EPC bindings of
 * the rows that name an EPC (source ASN_IMPORT: the carton is checked by EPC; a carton without EPCs
 * by its SKU counts), then ships it (system move importShip: in transit, logged in the operation
 * log and the warehouse log, its cartons' aggregation and the pieces' shipping in the tag lifecycle).
 */
import {
  BILL_KIND,
  BILL_ORIGIN,
  BILL_STATUS,
  billResource,
  CARTON_DIRECTION,
  CARTON_EPC_SOURCE,
  CARTON_STATUS,
  decodeEpc,
  EPC_CLASS,
  epcErrorReason,
  isEpcError,
  isSscc,
  type Lang,
  LOCATION_KIND,
  translate,
} from '@tagloom/domain';
import { CODE_RE } from '@tagloom/domain/resources/general/_rule-issue.js';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import { badRequest, validationError } from '../../../core/errors.js';
import type { Mover } from '../../../core/resource/transitions.js';
import { move } from '../../../core/resource/transitions.js';
import { slices } from '../../../core/sheet/slices.js';
import { type Db, queryRows, type Tx } from '../../../db/client.js';
import { tableOf } from '../../../db/resource-table.js';
import { pgNumArray, pgTextArray } from '../../rfid/state/fold-data.js';
import { skusByCode } from '../../tenant/goods/service.js';
import { EXPECTING } from '../cartons/check.js';
import { makeCartons } from '../cartons/make.js';
import { wmsCartonEpcs, wmsCartons } from '../cartons/tables.js';
import { requireWmsGrant } from '../grants/guard.js';
import { shipped } from './hooks.js';
import { addBillLines, makeBill } from './make.js';
import { wmsBills } from './tables.js';

/** The columns of an ASN sheet, in the template's order. */
export const ASN_COLUMNS = ['carton', 'sku', 'qty', 'epc'] as const;
type Column = (typeof ASN_COLUMNS)[number];
/** Data rows one file may hold (the sheet worker refuses more, naming the limit). */
export const ASN_MAX_ROWS = 50_000;
/** The pieces one row may say. */
const QTY_MAX = 99_999;
/** Rows looked up per query (and between two of them, other requests get their turn). */
const CHUNK = 1_000;
/**
 * Rows written per insert: embedded PGlite runs each statement on the server's thread, so a
 * statement is one turn of the event loop — about 100 ms for 500 bindings (six indexes, three keys).
 */
const WRITE_CHUNK = 500;
/** Refusals kept in the answer (the count says how many rows were wrong). */
const ERRORS_KEPT = 500;
const LANGS: Lang[] = ['zh_CN', 'zh_TW', 'en_US'];
/** The bill states in which a carton is still open (made, being imported, shipped, being received). */
const OPEN_STATES = [
  BILL_STATUS.CREATED,
  BILL_STATUS.IMPORTING,
  BILL_STATUS.IN_TRANSIT,
  BILL_STATUS.RECEIVING,
  BILL_STATUS.RECEIVED,
] as number[];
/** Files of at most this many rows are imported in their request; larger ones by a job (./import-asn-job.ts). */
export const ASN_SYNC_ROWS = 2_000;
/** Transaction lock of a tenant's ASN imports' EPC and SSCC checks with their writes (PostgreSQL: two imports never both pass). */
const ASN_LOCK = 74_110_029;

/** What the head of an imported ASN says (the dialog's fields). */
export interface AsnHead {
  destLocationId?: number | null;
  factoryId: number;
  expectedAt?: Date | null;
  reservationNo?: string;
  remark?: string;
  /** YesNo (default 0): the receipt's review waits for its quality inspection */
  needsInspection?: number;
}

/** The answer: the bill made, and what it holds. */
export interface AsnImported {
  id: number;
  code: string;
  cartons: number;
  pieces: number;
  epcs: number;
}

/** The header of a column in a language (the template's, and what a file's first row is matched with). */
export const asnHeader = (lang: Lang, c: Column) => translate(lang, `asnImport.column.${c}`);

const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/[*＊\s（）()_\-/／.:：]/g, '')
    .replace(/optional|选填|選填/g, '');
/** Headers a file may use for each column besides the template's (in any of the three languages). */
const ALIASES: Record<Column, string[]> = {
  carton: ['carton', 'cartonno', 'cartonnumber', 'sscc', '箱号', '箱號', 'box', 'boxno'],
  sku: ['sku', 'skucode', 'skubarcode', 'barcode', 'gtin', 'sku条码', 'sku條碼', '条码', '條碼', 'sku编码', 'sku編碼'],
  qty: ['qty', 'quantity', 'pieces', '数量', '數量', '件数', '件數'],
  epc: ['epc'],
};
const KNOWN = new Map<string, Column>();
for (const c of ASN_COLUMNS) {
  for (const a of ALIASES[c]) KNOWN.set(squash(a), c);
  for (const l of LANGS) KNOWN.set(squash(asnHeader(l, c)), c);
}

/** The template: the header row in the user's language, and how to fill it in. */
export function asnTemplateSheets(lang: Lang): { name: string; rows: unknown[][] }[] {
  return [
    { name: translate(lang, 'asnImport.sheetName'), rows: [ASN_COLUMNS.map((c) => asnHeader(lang, c))] },
    {
      name: translate(lang, 'asnImport.notesName'),
      rows: [1, 2, 3, 4, 5].map((n) => [translate(lang, `asnImport.notes.n${n}`)]),
    },
  ];
}

/** One checked row of the sheet. */
export interface AsnRow {
  row: number;
  carton: string;
  /** the SSCC the carton number is (else '') */
  sscc: string;
  sku: string;
  qty: number;
  epc: string;
  skuId?: number;
}

type Refusal = { row: number; messages: string[] };

/** A cell as text: numbers as their digits (refused when the spreadsheet already rounded them), dates refused. */
function textOf(cell: unknown): { text: string; rounded?: boolean } {
  if (cell === null || cell === undefined) return { text: '' };
  if (typeof cell === 'number') {
    if (!Number.isSafeInteger(cell)) return { text: String(cell), rounded: Number.isInteger(cell) || Math.abs(cell) >= 1e15 };
    return { text: String(cell) };
  }
  if (cell instanceof Date) return { text: cell.toISOString().slice(0, 10) };
  return { text: String(cell).trim() };
}

/** The columns of the header row, or the refusal naming the ones missing. */
function columnsOf(header: unknown[], lang: Lang): Record<Column, number> {
  const at: Partial<Record<Column, number>> = {};
  header.forEach((cell, i) => {
    const c = KNOWN.get(squash(textOf(cell).text));
    if (c && at[c] === undefined) at[c] = i;
  });
  const missing = (['carton', 'sku', 'qty'] as Column[]).filter((c) => at[c] === undefined);
  if (missing.length)
    throw badRequest('asnImport.columnsMissing', { columns: missing.map((c) => asnHeader(lang, c)).join(lang === 'en_US' ? ', ' : '、') });
  return { epc: -1, ...at } as Record<Column, number>;
}

/**
 * Checks the rows of an ASN sheet (the first row its header) and, when every row is right, writes
 * the bill in one transaction. Refused 400 (asnImport.rejected, the rows' messages in `data.errors`)
 * when a row is wrong, 400/403 for a head the user may not name.
 */
export async function importAsn(db: Db, session: SessionInfo, head: AsnHead, sheet: unknown[][], lang: Lang): Promise<AsnImported> {
  const dest = await checkAsnHead(db, session, head, lang);
  const rows = await checkAsnRows(db, session, sheet, lang);
  return writeAsn(db, session, { ...head, destLocationId: dest }, rows, slices(), lang);
}

/**
 * The head of an ASN: the receiving warehouse (one of the tenant's, where a warehouse's user holds
 * its grant to receive) and the sending factory. Answers the warehouse's id; refused 400/403 naming the field.
 */
export async function checkAsnHead(db: Db, session: SessionInfo, head: AsnHead, lang: Lang): Promise<number> {
  const tenantId = session.tenantId;
  const refuse = (field: string, message: string) =>
    validationError(lang, [{ code: 'custom', path: [field], message }], billResource.labels);
  const dest = Number(head.destLocationId);
  if (!Number.isSafeInteger(dest) || dest <= 0) throw refuse('destLocationId', 'validation.required');
  const [site] = await queryRows<{ id: number }>(
    db,
    sql`select id::int as id from locations where tenant_id = ${tenantId} and id = ${dest} and kind = ${LOCATION_KIND.WAREHOUSE}`,
  );
  if (!site) throw refuse('destLocationId', 'validation.tenantWarehouse');
  const factories = tableOf('tenant/factory');
  const [factory] = factories
    ? await queryRows<{ id: number }>(
        db,
        sql`select id::int as id from ${factories} where tenant_id = ${tenantId} and id = ${head.factoryId}`,
      )
    : [];
  if (!factory) throw refuse('factoryId', 'validation.tenantFactory');
  // a warehouse's user imports at its warehouse with its grant to receive there
  await requireWmsGrant(db, session, dest, 'receive');
  return dest;
}

/** Progress of the rows' checks (an import job's). */
export interface CheckProgress {
  start(total: number): Promise<void>;
  report(done: number): Promise<void>;
}

/**
 * Checks the rows of an ASN sheet (the first row its header), every row before anything is written:
 * answers the rows, or refuses the file 400 (asnImport.rejected, each row's messages naming its
 * column in `data.errors`) when a row is wrong.
 */
export async function checkAsnRows(
  db: Db,
  session: SessionInfo,
  sheet: unknown[][],
  lang: Lang,
  progress?: CheckProgress,
): Promise<AsnRow[]> {
  const tenantId = session.tenantId;
  const slice = slices();
  if (sheet.length < 2) throw badRequest('asnImport.empty');
  const col = columnsOf(sheet[0], lang);
  const errors: Refusal[] = [];
  const say = sayer(lang, errors);

  // each row's own checks (no database)
  const rows: AsnRow[] = [];
  await progress?.start(sheet.length - 1);
  for (let i = 1; i < sheet.length; i++) {
    if (i % 1000 === 0) await progress?.report(i);
    const cells = sheet[i];
    const row = i + 1;
    const carton = textOf(cells[col.carton]);
    const sku = textOf(cells[col.sku]);
    const qtyCell = cells[col.qty];
    const epc = col.epc >= 0 ? textOf(cells[col.epc]) : { text: '' };
    const before = errors.length;
    let sscc = '';
    let cartonNo = carton.text.replace(/^\(00\)/, '');
    if (carton.rounded) say(row, 'carton', 'asNumber');
    else if (!cartonNo) say(row, 'carton', 'required');
    else if (/^\d{18}$/.test(cartonNo) || /^00\d{18}$/.test(cartonNo)) {
      cartonNo = cartonNo.slice(-18);
      if (isSscc(cartonNo)) sscc = cartonNo;
      else say(row, 'carton', 'ssccCheck');
    } else if (cartonNo.length > 32) say(row, 'carton', 'tooLong', { max: 32 });
    else if (!CODE_RE.test(cartonNo)) say(row, 'carton', 'cartonChars');
    if (sku.rounded) say(row, 'sku', 'asNumber');
    else if (!sku.text) say(row, 'sku', 'required');
    else if (sku.text.length > 32) say(row, 'sku', 'tooLong', { max: 32 });
    const epcText = epc.text.replace(/\s+/g, '').toUpperCase();
    const qtyText = textOf(qtyCell).text;
    let qty = Number(qtyText);
    if (!qtyText && epcText) qty = 1;
    else if (!qtyText) say(row, 'qty', 'required');
    else if (!Number.isInteger(qty) || qty < 1 || qty > QTY_MAX) say(row, 'qty', 'qty', { max: QTY_MAX });
    else if (epcText && qty !== 1) say(row, 'qty', 'epcOnePiece');
    if (epc.rounded) say(row, 'epc', 'asNumber');
    else if (epcText) {
      try {
        if (!/^[0-9A-F]+$/.test(epcText)) throw new Error(translate(lang, 'validation.hex'));
        decodeEpc(epcText);
      } catch (err) {
        const reason = isEpcError(err) ? epcErrorReason(err, (k, p) => translate(lang, k, p)) : (err as Error).message;
        say(row, 'epc', 'epcInvalid', { reason });
      }
    }
    if (errors.length === before) rows.push({ row, carton: cartonNo, sscc, sku: sku.text, qty, epc: epcText });
    await slice();
  }
  // an EPC once in the file; a carton's rows all with an EPC or none
  const firstRow = new Map<string, number>();
  const withEpc = new Map<string, boolean>();
  for (const r of rows) {
    if (r.epc) {
      const seen = firstRow.get(r.epc);
      if (seen !== undefined) say(r.row, 'epc', 'epcTwice', { row: seen });
      else firstRow.set(r.epc, r.row);
    }
    withEpc.set(r.carton, (withEpc.get(r.carton) ?? false) || !!r.epc);
  }
  for (const r of rows) if (!r.epc && withEpc.get(r.carton)) say(r.row, 'epc', 'cartonMixed', { carton: r.carton });
  await slice();

  // the SKUs, by SKU barcode or GTIN (a slice of codes a query)
  const codes = [...new Set(rows.map((r) => r.sku))];
  const skus = new Map<string, { id: number; gtin: string }>();
  for (let k = 0; k < codes.length; k += CHUNK) {
    for (const [code, s] of await skusByCode(db, tenantId, codes.slice(k, k + CHUNK))) skus.set(code, s);
    await slice();
  }
  for (const r of rows) {
    await slice();
    const s = skus.get(r.sku);
    if (!s) {
      say(r.row, 'sku', 'skuUnknown', { code: r.sku });
      continue;
    }
    r.skuId = s.id;
    // an SGTIN says its GTIN: the row's SKU's
    if (r.epc) {
      const gtin = decodeEpc(r.epc).gtin;
      if (gtin && s.gtin && gtin !== s.gtin.padStart(14, '0')) say(r.row, 'epc', 'epcOtherGtin', { gtin, sku: s.gtin });
    }
  }
  await slice();
  // EPCs already travelling in a carton of an open bill; SSCCs already a carton of one
  const epcs = [...firstRow.keys()];
  for (let k = 0; k < epcs.length; k += CHUNK) {
    const bound = await queryRows<{ epc: string; carton_no: string; code: string }>(
      db,
      sql`select e.epc, c.carton_no, b.code from ${wmsCartonEpcs} e
          join ${wmsCartons} c on c.tenant_id = e.tenant_id and c.id = e.carton_id
          join ${wmsBills} b on b.tenant_id = e.tenant_id and b.id = e.bill_id
          where e.tenant_id = ${tenantId} and e.unbound_at is null and e.source in (${sql.join(
            EXPECTING.map((s) => sql`${s}`),
            sql`, `,
          )})
            and b.status in (${sql.join(
              OPEN_STATES.map((s) => sql`${s}`),
              sql`, `,
            )}) and e.epc = any(${pgTextArray(epcs.slice(k, k + CHUNK))}::text[])`,
    );
    for (const b of bound) say(firstRow.get(b.epc)!, 'epc', 'epcBound', { carton: b.carton_no, bill: b.code });
    await slice();
  }
  const ssccs = [...new Set(rows.map((r) => r.sscc).filter(Boolean))];
  const ssccRow = new Map<string, number>();
  for (const r of rows) if (r.sscc && !ssccRow.has(r.sscc)) ssccRow.set(r.sscc, r.row);
  for (let k = 0; k < ssccs.length; k += CHUNK) {
    const taken = await db
      .select({ sscc: wmsCartons.sscc, code: wmsBills.code })
      .from(wmsCartons)
      .innerJoin(wmsBills, and(eq(wmsBills.tenantId, wmsCartons.tenantId), eq(wmsBills.id, wmsCartons.billId)))
      .where(
        and(eq(wmsCartons.tenantId, tenantId), inArray(wmsCartons.sscc, ssccs.slice(k, k + CHUNK)), inArray(wmsBills.status, OPEN_STATES)),
      );
    for (const t of taken) say(ssccRow.get(String(t.sscc))!, 'carton', 'ssccTaken', { bill: t.code });
    await slice();
  }
  await progress?.report(sheet.length - 1);
  if (errors.length) throw rejected(errors, sheet.length - 1);
  return rows;
}

/** Adds a row's message naming its column to `errors`. */
const sayer =
  (lang: Lang, errors: Refusal[]) =>
  (row: number, c: Column, key: string, params: Record<string, unknown> = {}) => {
    const reason = translate(lang, `asnImport.${key}`, params);
    const message = translate(lang, 'asnImport.cell', { row, column: asnHeader(lang, c), reason });
    const last = errors[errors.length - 1];
    if (last?.row === row) last.messages.push(message);
    else errors.push({ row, messages: [message] });
  };

/** The refusal of a file with bad rows: each row's messages together, in row order. */
function rejected(errors: Refusal[], total: number) {
  errors.sort((a, b) => a.row - b.row);
  // one row's messages together (a later check may have added to a row listed before)
  const merged: Refusal[] = [];
  for (const e of errors) {
    const last = merged[merged.length - 1];
    if (last?.row === e.row) last.messages.push(...e.messages);
    else merged.push({ row: e.row, messages: [...e.messages] });
  }
  return badRequest(
    'asnImport.rejected',
    { count: merged.length },
    { total, errorCount: merged.length, errors: merged.slice(0, ERRORS_KEPT) },
  );
}

/** A carton's pieces of a SKU: one line (in the order the file lists them). */
export function asnLines(rows: readonly AsnRow[]): { cartonNo: string; skuId: number; qty: number }[] {
  const lines = new Map<string, { cartonNo: string; skuId: number; qty: number }>();
  for (const r of rows) {
    const key = `${r.carton}\u0000${r.skuId}`;
    const line = lines.get(key) ?? { cartonNo: r.carton, skuId: r.skuId!, qty: 0 };
    line.qty += r.qty;
    lines.set(key, line);
  }
  return [...lines.values()];
}

/** The cartons of the rows whose number is an SSCC (kept as the carton's), with the pieces each expects. */
export function givenCartons(rows: readonly AsnRow[]): { sscc: string; pieces: number; row: number }[] {
  const given = new Map<string, { sscc: string; pieces: number; row: number }>();
  for (const r of rows) {
    if (!r.sscc) continue;
    const c = given.get(r.sscc) ?? { sscc: r.sscc, pieces: 0, row: r.row };
    c.pieces += r.qty;
    given.set(r.sscc, c);
  }
  return [...given.values()];
}

/**
 * Writes cartons of given SSCCs to a bill, in the transaction that checks again, under the tenant's
 * ASN lock, that no other open bill has a carton of one of them (another import may have written
 * one since the rows were checked): refused 400 naming the rows.
 */
export async function insertGivenCartons(
  tx: Tx,
  session: SessionInfo,
  bill: { id: number; destLocationId: number },
  cartons: readonly { sscc: string; pieces: number; row: number }[],
  lang: Lang,
  total: number,
): Promise<void> {
  if (!cartons.length) return;
  const tenantId = session.tenantId;
  await tx.execute(sql`select pg_advisory_xact_lock(${ASN_LOCK}, ${tenantId}::int)`);
  const taken = await tx
    .select({ sscc: wmsCartons.sscc, code: wmsBills.code })
    .from(wmsCartons)
    .innerJoin(wmsBills, and(eq(wmsBills.tenantId, wmsCartons.tenantId), eq(wmsBills.id, wmsCartons.billId)))
    .where(
      and(
        eq(wmsCartons.tenantId, tenantId),
        inArray(
          wmsCartons.sscc,
          cartons.map((c) => c.sscc),
        ),
        inArray(wmsBills.status, OPEN_STATES),
        ne(wmsBills.id, bill.id),
      ),
    );
  if (taken.length) {
    const errors: Refusal[] = [];
    const say = sayer(lang, errors);
    const rowOf = new Map(cartons.map((c) => [c.sscc, c.row]));
    for (const t of taken) say(rowOf.get(String(t.sscc))!, 'carton', 'ssccTaken', { bill: t.code });
    throw rejected(errors, total);
  }
  await tx.insert(wmsCartons).values(
    cartons.map((c) => ({
      tenantId,
      billId: bill.id,
      siteId: bill.destLocationId,
      cartonNo: c.sscc,
      originalPackageNo: c.sscc,
      sscc: c.sscc,
      direction: CARTON_DIRECTION.IN,
      status: CARTON_STATUS.EXPECTED,
      expectedPieces: c.pieces,
      short: 0,
    })),
  );
}

/**
 * Binds the EPCs of these rows to their cartons of a bill (source ASN import), in the transaction
 * that checks again, under the tenant's ASN lock, that none travels meanwhile in a carton of
 * another open bill: refused 400 naming the rows (nothing of them written). One statement, its
 * columns as array parameters.
 */
export async function insertBindings(
  tx: Tx,
  session: SessionInfo,
  billId: number,
  part: readonly AsnRow[],
  cartonOf: ReadonlyMap<string, { id: number; sscc: string }>,
  at: Date,
  lang: Lang,
  total: number,
): Promise<void> {
  if (!part.length) return;
  const tenantId = session.tenantId;
  const carton = part.map((r) => cartonOf.get(r.carton)!);
  const epcs = pgTextArray(part.map((r) => r.epc));
  // one statement (each is a round trip to the database): the lock, the check, the insert unless the check found any.
  // The check looks each EPC up by its index first (a lateral lookup kept apart by `offset 0`, in a CTE
  // of its own), then joins what it found: the tables grow as a job writes, faster than their
  // statistics, and a join left to the planner came to read every open bill's bindings, or to look
  // the chunk's EPCs up once per open bill, for each chunk (0.3–3 ms a row on PGlite).
  const bound = await queryRows<{ epc: string; carton_no: string; code: string }>(
    tx,
    sql`with lock as materialized (select pg_advisory_xact_lock(${ASN_LOCK}, ${tenantId}::int)),
        hits as materialized (
          select e.epc, e.carton_id, e.bill_id from lock, unnest(${epcs}::text[]) as x(epc)
          cross join lateral (
            select e.epc, e.carton_id, e.bill_id from ${wmsCartonEpcs} e
             where e.tenant_id = ${tenantId} and e.epc = x.epc and e.unbound_at is null and e.bill_id <> ${billId}
               and e.source in (${sql.join(
                 EXPECTING.map((s) => sql`${s}`),
                 sql`, `,
               )})
            offset 0) e),
        taken as materialized (
          select e.epc, c.carton_no, b.code from hits e
          join ${wmsCartons} c on c.tenant_id = ${tenantId} and c.id = e.carton_id
          join ${wmsBills} b on b.tenant_id = ${tenantId} and b.id = e.bill_id
          where b.status in (${sql.join(
            OPEN_STATES.map((s) => sql`${s}`),
            sql`, `,
          )})),
        ins as (
          insert into ${wmsCartonEpcs} (tenant_id, epc, sku_id, carton_id, sscc, bill_id, source, result, bound_at, bound_by)
          select ${tenantId}, x.epc, x.sku_id, x.carton_id, x.sscc, ${billId}, ${CARTON_EPC_SOURCE.ASN_IMPORT}, ${EPC_CLASS.PENDING}, ${at}, ${session.username}
          from unnest(${epcs}::text[], ${pgNumArray(part.map((r) => r.skuId!))}::bigint[],
                      ${pgNumArray(carton.map((c) => c.id))}::bigint[], ${pgTextArray(carton.map((c) => c.sscc))}::text[])
               as x(epc, sku_id, carton_id, sscc)
          where not exists (select 1 from taken)
          returning 1)
        select epc, carton_no, code from taken`,
  );
  if (bound.length) {
    const errors: Refusal[] = [];
    const say = sayer(lang, errors);
    const rowOf = new Map(part.map((r) => [r.epc, r.row]));
    for (const b of bound) say(rowOf.get(b.epc)!, 'epc', 'epcBound', { carton: b.carton_no, bill: b.code });
    throw rejected(errors, total);
  }
}

/** The head of the bill an ASN import makes (a purchase receipt from the factory to the warehouse, origin ASN import). */
export const asnBillHead = (head: AsnHead, status?: number) => ({
  kind: BILL_KIND.PURCHASE_IN,
  sourceLocationId: null,
  destLocationId: Number(head.destLocationId),
  factoryId: head.factoryId,
  reservationNo: head.reservationNo ?? '',
  remark: head.remark ?? '',
  expectedAt: head.expectedAt ?? null,
  origin: BILL_ORIGIN.ASN_IMPORT,
  needsInspection: head.needsInspection ?? 0,
  ...(status === undefined ? {} : { status }),
});

/** The bill of checked rows, in one transaction (inserts a slice at a time: other requests run between them). */
async function writeAsn(
  db: Db,
  session: SessionInfo,
  head: AsnHead,
  rows: AsnRow[],
  slice: () => Promise<void>,
  lang: Lang,
): Promise<AsnImported> {
  const tenantId = session.tenantId;
  const by: Mover = { tenantId, userId: session.userId, username: session.username };
  const all = asnLines(rows);
  const dest = Number(head.destLocationId);
  return db.transaction(async (tx) => {
    const bill = await makeBill(tx, tenantId, asnBillHead(head), []);
    for (let k = 0; k < all.length; k += WRITE_CHUNK) {
      await addBillLines(tx, tenantId, bill.id, all.slice(k, k + WRITE_CHUNK));
      await slice();
    }
    // the cartons whose number is an SSCC keep it; makeCartons numbers the others as any bill's
    const given = givenCartons(rows);
    for (let k = 0; k < given.length; k += CHUNK) {
      await insertGivenCartons(tx, session, { id: bill.id, destLocationId: dest }, given.slice(k, k + CHUNK), lang, rows.length);
      await slice();
    }
    await makeCartons(tx, tenantId, { id: bill.id, destLocationId: dest });
    const cartons = await tx
      .select({ id: wmsCartons.id, cartonNo: wmsCartons.cartonNo, sscc: wmsCartons.sscc })
      .from(wmsCartons)
      .where(and(eq(wmsCartons.tenantId, tenantId), eq(wmsCartons.billId, bill.id)));
    const cartonOf = new Map(cartons.map((c) => [String(c.cartonNo), { id: Number(c.id), sscc: String(c.sscc ?? '') }]));
    const bound = rows.filter((r) => r.epc);
    const at = new Date();
    for (let k = 0; k < bound.length; k += WRITE_CHUNK) {
      await insertBindings(tx, session, bill.id, bound.slice(k, k + WRITE_CHUNK), cartonOf, at, lang, rows.length);
      await slice();
    }
    const row = await move(tx, 'warehouse/bill', bill.id, 'importShip', by);
    await shipped(tx, row!, by);
    const [after] = await tx
      .select({ piecesExpected: wmsBills.piecesExpected })
      .from(wmsBills)
      .where(and(eq(wmsBills.tenantId, tenantId), eq(wmsBills.id, bill.id)));
    return { id: bill.id, code: bill.code, cartons: cartons.length, pieces: Number(after.piecesExpected), epcs: bound.length };
  });
}
