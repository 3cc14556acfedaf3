import * as XLSX from '@e965/xlsx';
import type { FieldDef, Lang, ResourceDef } from '@tagloom/domain';
import { ENUMS, LANGS } from '@tagloom/domain';

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

/** The first sheet as rows of cells (xls and xlsx alike). */
export function readSheet(buf: Buffer): unknown[][] {
  const wb = XLSX.read(buf, { type: 'buffer', cellDates: true });
  const ws = wb.Sheets[wb.SheetNames[0]];
  if (!ws) return [];
  return XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: '', blankrows: false });
}

/** RFC 5987 attachment header with a UTF-8 file name. */
export const attachment = (name: string) =>
  `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;
