/**
 * ERP stock from a spreadsheet (store/inventory → Differences, "Import ERP stock"): a sheet of site
 * code, SKU barcode or GTIN and quantity — one ERP stock per site it names, under the ERP reference
 * and time given with the file (the reference defaults to the file's fingerprint, so the same file
 * imported again is the stocks already stored). The workbook is read in the sheet worker (never on
 * the event loop), its rows checked here a slice at a time, each refusal naming its row and column;
 * with any bad row nothing is written, else one transaction stores every site's stock.
 */
import { createHash } from 'node:crypto';
import { ERP_STOCK_SOURCE, type Lang, translate } from '@tagloom/domain';
import type { SessionInfo } from '../../../core/context.js';
import { badRequest } from '../../../core/errors.js';
import { slices } from '../../../core/sheet/slices.js';
import type { Db } from '../../../db/client.js';
import { skusByCode } from '../../tenant/goods/service.js';
import { type ErpStockSaved, saveErpStock, sitesByCode } from './service.js';

export const ERP_COLUMNS = ['site', 'sku', 'qty'] as const;
type Column = (typeof ERP_COLUMNS)[number];
/** Data rows one file may hold. */
export const ERP_MAX_ROWS = 100_000;
/** The pieces one row may say. */
export const ERP_QTY_MAX = 999_999;
/** Refusals kept in the answer. */
const ERRORS_KEPT = 500;
/** Codes looked up per query. */
const CHUNK = 1_000;
const LANGS: Lang[] = ['zh_CN', 'zh_TW', 'en_US'];

export const erpHeader = (lang: Lang, c: Column) => translate(lang, `erpStock.column.${c}`);

const squash = (s: string) => s.toLowerCase().replace(/[*＊\s（）()_\-/／.:：]/g, '');
const ALIASES: Record<Column, string[]> = {
  site: [
    'site',
    'sitecode',
    'store',
    'storecode',
    'location',
    'warehouse',
    '门店',
    '門市',
    '站点',
    '據點',
    '门店编码',
    '門市編碼',
    '站点编码',
    '據點編碼',
  ],
  sku: ['sku', 'skubarcode', 'barcode', 'gtin', 'ean', 'sku条码', 'sku條碼', '条码', '條碼'],
  qty: ['qty', 'quantity', 'stock', 'pieces', '数量', '數量', '库存', '庫存'],
};
const KNOWN = new Map<string, Column>();
for (const c of ERP_COLUMNS) {
  for (const a of ALIASES[c]) KNOWN.set(squash(a), c);
  for (const l of LANGS) KNOWN.set(squash(erpHeader(l, c)), c);
}

/** The template: the header row in the user's language, and how to fill it in. */
export function erpTemplateSheets(lang: Lang): { name: string; rows: unknown[][] }[] {
  return [
    { name: translate(lang, 'erpStock.sheetName'), rows: [ERP_COLUMNS.map((c) => erpHeader(lang, c))] },
    { name: translate(lang, 'erpStock.notesName'), rows: [1, 2, 3, 4].map((n) => [translate(lang, `erpStock.notes.n${n}`)]) },
  ];
}

/** A cell as text: numbers as their digits (refused when the spreadsheet already rounded them). */
function textOf(cell: unknown): { text: string; rounded?: boolean } {
  if (cell === null || cell === undefined) return { text: '' };
  if (typeof cell === 'number') return { text: String(cell), rounded: !Number.isSafeInteger(cell) && Math.abs(cell) >= 1e15 };
  if (cell instanceof Date) return { text: cell.toISOString().slice(0, 10) };
  return { text: String(cell).trim() };
}

type Refusal = { row: number; messages: string[] };

/** What an import stored: per site its stock (new or already stored under the reference). */
export interface ErpImported {
  externRef: string;
  sites: (ErpStockSaved & { siteCode: string })[];
}

/**
 * Checks every row of an ERP stock sheet (its first row the header) and, when all are right, stores
 * one ERP stock per site in one transaction. Refused 400 (erpStock.rejected, each row's messages in
 * `data.errors`) when a row is wrong.
 */
export async function importErpStock(
  db: Db,
  session: SessionInfo,
  head: { externRef?: string; time?: Date },
  file: Buffer,
  sheet: unknown[][],
  lang: Lang,
): Promise<ErpImported> {
  const slice = slices();
  if (sheet.length < 2) throw badRequest('erpStock.empty');
  const col: Partial<Record<Column, number>> = {};
  sheet[0].forEach((cell, i) => {
    const c = KNOWN.get(squash(textOf(cell).text));
    if (c && col[c] === undefined) col[c] = i;
  });
  const missing = ERP_COLUMNS.filter((c) => col[c] === undefined);
  if (missing.length)
    throw badRequest('erpStock.columnsMissing', { columns: missing.map((c) => erpHeader(lang, c)).join(lang === 'en_US' ? ', ' : '、') });
  const errors: Refusal[] = [];
  const say = (row: number, c: Column, key: string, params: Record<string, unknown> = {}) => {
    const message = translate(lang, 'erpStock.cell', {
      row,
      column: erpHeader(lang, c),
      reason: translate(lang, `erpStock.${key}`, params),
    });
    const last = errors[errors.length - 1];
    if (last?.row === row) last.messages.push(message);
    else errors.push({ row, messages: [message] });
  };
  const rows: { row: number; site: string; sku: string; qty: number }[] = [];
  for (let i = 1; i < sheet.length; i++) {
    const cells = sheet[i];
    const row = i + 1;
    const site = textOf(cells[col.site!]);
    const sku = textOf(cells[col.sku!]);
    const qtyText = textOf(cells[col.qty!]).text;
    // a row left blank is skipped
    if (!site.text && !sku.text && !qtyText) continue;
    const before = errors.length;
    if (!site.text) say(row, 'site', 'required');
    else if (site.text.length > 32) say(row, 'site', 'tooLong', { max: 32 });
    if (sku.rounded) say(row, 'sku', 'asNumber');
    else if (!sku.text) say(row, 'sku', 'required');
    else if (sku.text.length > 32) say(row, 'sku', 'tooLong', { max: 32 });
    const qty = Number(qtyText);
    if (!qtyText) say(row, 'qty', 'required');
    else if (!Number.isInteger(qty) || qty < 0 || qty > ERP_QTY_MAX) say(row, 'qty', 'qty', { max: ERP_QTY_MAX });
    if (errors.length === before) rows.push({ row, site: site.text, sku: sku.text, qty });
    await slice();
  }
  if (!rows.length && !errors.length) throw badRequest('erpStock.empty');
  // the sites (the session's own only) and the SKUs, by code
  const sites = await sitesByCode(db, session, [...new Set(rows.map((r) => r.site))]);
  const codes = [...new Set(rows.map((r) => r.sku))];
  const skus = new Map<string, { id: number; gtin: string }>();
  for (let k = 0; k < codes.length; k += CHUNK) {
    for (const [code, s] of await skusByCode(db, session.tenantId, codes.slice(k, k + CHUNK))) skus.set(code, s);
    await slice();
  }
  const seen = new Map<string, number>();
  const bySite = new Map<number, { code: string; lines: { skuId: number; gtin: string; qty: number }[] }>();
  for (const r of rows) {
    const site = sites.get(r.site);
    const sku = skus.get(r.sku);
    if (!site) say(r.row, 'site', 'siteUnknown', { code: r.site });
    if (!sku) say(r.row, 'sku', 'skuUnknown', { code: r.sku });
    if (!site || !sku) continue;
    const key = `${site.id} ${sku.id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      say(r.row, 'sku', 'twice', { row: first });
      continue;
    }
    seen.set(key, r.row);
    const stock = bySite.get(site.id) ?? { code: site.code, lines: [] };
    stock.lines.push({ skuId: sku.id, gtin: sku.gtin, qty: r.qty });
    bySite.set(site.id, stock);
    await slice();
  }
  if (errors.length) {
    errors.sort((a, b) => a.row - b.row);
    const merged: Refusal[] = [];
    for (const e of errors) {
      const last = merged[merged.length - 1];
      if (last?.row === e.row) last.messages.push(...e.messages);
      else merged.push({ row: e.row, messages: [...e.messages] });
    }
    throw badRequest(
      'erpStock.rejected',
      { count: merged.length },
      { total: sheet.length - 1, errorCount: merged.length, errors: merged.slice(0, ERRORS_KEPT) },
    );
  }
  const externRef = head.externRef || `XLSX-${createHash('sha256').update(file).digest('hex').slice(0, 16).toUpperCase()}`;
  const time = head.time ?? new Date();
  const saved = await db.transaction(async (tx) => {
    const out: ErpImported['sites'] = [];
    for (const [siteId, s] of bySite) {
      const r = await saveErpStock(tx, session.tenantId, {
        siteId,
        externRef,
        time,
        source: ERP_STOCK_SOURCE.XLSX,
        lines: s.lines,
        createdBy: session.userId,
      });
      out.push({ ...r, siteCode: s.code });
    }
    return out;
  });
  return { externRef, sites: saved.sort((a, b) => a.siteCode.localeCompare(b.siteCode)) };
}
