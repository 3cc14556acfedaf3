/** Files the goods stories upload and import, and their pictures (tenant-goods.test.ts, shots/tenant-goods.shots.ts). */
import * as XLSX from '@e965/xlsx';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { goodsResource } from '@tagloom/domain/resources/tenant/goods/goods.ts';
import sharp from 'sharp';

/** A square PNG of `size` pixels, its red `r`. */
export const png = (size: number, r: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r, g: 140, b: 90 } } })
    .png()
    .toBuffer();

/** A goods import workbook (headed as the export heads it, in English) of `rows`, the other columns their defaults. */
export function goodsWorkbook(rows: Record<string, string>[]): Buffer {
  const fields = goodsResource.list.filter((f) => f.exported && f.form);
  const header = fields.map((f) => `${f.required && f.default === undefined ? '*' : ''}${f.label.en_US}`);
  const cell = (key: string, row: Record<string, string>) => {
    const f = fields.find((x) => x.key === key)!;
    if (row[key] !== undefined) return row[key];
    return f.kind === 'enum' ? (ENUMS[f.enumName!].find((o) => o.value === f.default)?.label.en_US ?? '') : f.kind === 'json' ? '{}' : '';
  };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...rows.map((r) => fields.map((f) => cell(f.key, r)))]), 'Goods');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
