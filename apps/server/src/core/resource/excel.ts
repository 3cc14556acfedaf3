import * as XLSX from '@e965/xlsx';
import type { FieldDef, Lang, ResourceDef } from '@tagloom/domain';
import { describeIssues, ENUMS, LANGS, schemasOf, translate } from '@tagloom/domain';
import { SheetRefusal } from '../sheet/limits.js';

type Field = FieldDef & { key: string };

/** Columns a resource exports and imports, in declaration order. */
export const excelFields = (def: ResourceDef): Field[] => def.list.filter((f) => f.exported);

/** A cell's text for export: enum labels, dates as YYYY-MM-DD HH:mm:ss, lists as JSON. */
export function cellOut(f: Field, value: unknown, lang: Lang): unknown {
  if (value === null || value === undefined) return '';
  if (f.kind === 'json') return JSON.stringify(value);
  if (f.kind === 'enum') return ENUMS[f.enumName!].find((o) => o.value === value)?.label[lang] ?? value;
  if (value instanceof Date)
    return value
      .toISOString()
      .replace('T', ' ')
      .slice(0, f.kind === 'date' ? 10 : 19);
  return value;
}

/** A cell read from a sheet back into the API value: enum labels in any language are accepted. */
export function cellIn(f: Field, value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (f.kind === 'json' && typeof value === 'string') {
    try {
      return JSON.parse(value);
    } catch {
      return value; // the field's rule names it
    }
  }
  if (f.kind === 'enum') {
    const opt = ENUMS[f.enumName!].find((o) => String(o.value) === String(value) || LANGS.some((l) => o.label[l] === String(value).trim()));
    return opt ? opt.value : value;
  }
  return value;
}

/** A header cell names a field by its label in any of the three languages, or by its key. */
export function matchHeader(fields: Field[], header: unknown): Field | undefined {
  const h = String(header ?? '')
    .replace(/^\*/, '')
    .trim();
  return fields.find((f) => f.key === h || LANGS.some((l) => f.label[l] === h));
}

export function workbookBuffer(sheets: { name: string; rows: unknown[][] }[]): Buffer {
  const wb = XLSX.utils.book_new();
  for (const s of sheets) {
    const ws = XLSX.utils.aoa_to_sheet(s.rows);
    ws['!cols'] = (s.rows[0] ?? []).map((h) => ({ wch: Math.min(40, Math.max(10, String(h).length * 2)) }));
    XLSX.utils.book_append_sheet(wb, ws, s.name.slice(0, 31));
  }
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** A row of a sheet that passed the create rules, by its row number in the sheet (1 is the header). */
export interface GoodRow {
  row: number;
  data: Record<string, unknown>;
}

export interface CheckedSheet {
  /** data rows of the sheet */
  total: number;
  good: GoodRow[];
  errors: { row: number; messages: string[] }[];
}

/** How the row checks report their progress (from the sheet worker, see ../sheet/worker.ts). */
export interface CheckHooks {
  /** once the header is matched: the number of data rows to check */
  start?(total: number): void;
  /** rows checked so far, now and then */
  progress?(done: number): void;
}

/**
 * Every data row of the sheet checked with the resource's create rules, and the unique fields
 * checked within the file (the database is asked later, by the caller). CPU work only, no
 * database: it runs in the sheet worker (../sheet/run.ts checkSheet), never on the server's event
 * loop. A sheet without a required column is refused as a whole (SheetRefusal, a 400).
 */
export function checkRows(def: ResourceDef, sheet: unknown[][], lang: Lang, hooks: CheckHooks = {}): CheckedSheet {
  const fields = excelFields(def).filter((f) => f.form);
  const header = sheet[0] ?? [];
  const map = header.map((h) => matchHeader(fields, h));
  const missing = fields.filter((f) => f.required && f.default === undefined && !map.includes(f));
  if (!sheet.length || missing.length) {
    throw new SheetRefusal('resource.importMissingColumns', { columns: missing.map((f) => f.label[lang]).join(', ') || '-' });
  }
  const unique = fields.filter((x) => x.unique || x.uniqueWithin);
  const total = sheet.length - 1;
  hooks.start?.(total);
  const good: GoodRow[] = [];
  const errors: CheckedSheet['errors'] = [];
  const seen = new Map<string, Map<unknown, number>>(unique.map((f) => [f.key, new Map()]));
  for (let i = 0; i < total; i++) {
    const cells = sheet[i + 1];
    const rowNo = i + 2;
    const obj: Record<string, unknown> = {};
    // a reference is named by its row's label (a style number) or id: the caller looks it up in the
    // database; the rules here check the rest of the row with a stand-in id
    const named: Record<string, string> = {};
    map.forEach((f, c) => {
      if (!f) return;
      obj[f.key] = cellIn(f, cells[c]);
      if (f.kind === 'ref' && obj[f.key] !== undefined) {
        named[f.key] = String(obj[f.key]).trim();
        obj[f.key] = 1;
      }
    });
    const parsed = schemasOf(def).create.safeParse(obj);
    if (parsed.success) Object.assign(parsed.data, named);
    if (!parsed.success) {
      errors.push({ row: rowNo, messages: [describeIssues(lang, parsed.error.issues, def.labels).summary] });
    } else {
      const dupes: string[] = [];
      for (const f of unique) {
        // unique within another field (an attribute code per product): the pair must not repeat
        const v = f.uniqueWithin ? JSON.stringify([parsed.data[f.uniqueWithin], parsed.data[f.key]]) : parsed.data[f.key];
        // an optional unique field left blank (a location without a GLN) clashes with nothing, as in the database
        if (!f.uniqueWithin && (v === '' || v === undefined || v === null)) continue;
        const m = seen.get(f.key)!;
        if (m.has(v)) dupes.push(translate(lang, 'resource.importDuplicateInFile', { field: f.label[lang], row: m.get(v) }));
        else m.set(v, rowNo);
      }
      if (dupes.length) errors.push({ row: rowNo, messages: dupes });
      else good.push({ row: rowNo, data: parsed.data });
    }
    if (i % 500 === 499) hooks.progress?.(i + 1);
  }
  return { total, good, errors };
}

/** RFC 5987 attachment header with a UTF-8 file name. */
export const attachment = (name: string) =>
  `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;
