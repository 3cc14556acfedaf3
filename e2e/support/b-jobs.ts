/** The import workbooks of the jobs stories and their pictures (jobs.test.ts, shots/jobs.shots.ts). */
import * as XLSX from '@e965/xlsx';
import type { Lang } from '@tagloom/domain/lang.ts';

/** The screen the jobs stories import into and export from. */
export const CODE = 'general/tenant-group';

const HEADER: Record<Lang, string[]> = {
  zh_CN: ['组编号', '组名称', '状态'],
  zh_TW: ['群組編號', '群組名稱', '狀態'],
  en_US: ['Group code', 'Group name', 'Status'],
};

/** A tenant-group workbook headed in `lang`: `rows` enabled groups coded `<tag><n>`. */
export function workbook(lang: Lang, rows: number, tag: string): Buffer {
  const data = [HEADER[lang], ...Array.from({ length: rows }, (_, i) => [`${tag}${i}`, `${tag} group ${i}`, 1])];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(data), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
