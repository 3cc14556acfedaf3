/**
 * The first sheet of a user's workbook as rows of cells, read within the limits. Runs inside the
 * sheet worker (never on the server's event loop): see ./run.ts.
 */
import * as XLSX from '@e965/xlsx';
import { type SheetLimits, SheetRefusal } from './limits.js';
import { isZip, storedZip } from './zip.js';

type Cell = { t?: string; v?: unknown };

/** A cell that holds a value (what the rows keep): not a stub, not an empty error. */
const real = (c: Cell | undefined): boolean => !!c && c.t !== undefined && c.t !== 'z' && c.t !== 'e' && c.v !== null && c.v !== undefined;

/** The range the sheet's cells really use, whatever its <dimension> (or a BIFF DIMENSIONS record) claims. */
export function usedRange(data: Cell[][]): XLSX.Range | undefined {
  let r0 = Number.POSITIVE_INFINITY;
  let c0 = Number.POSITIVE_INFINITY;
  let r1 = -1;
  let c1 = -1;
  // forEach skips the holes of sparse arrays: the cost follows the cells, not the coordinates
  data.forEach((row, r) => {
    if (!row) return;
    row.forEach((cell, c) => {
      if (!real(cell)) return;
      if (r < r0) r0 = r;
      if (r > r1) r1 = r;
      if (c < c0) c0 = c;
      if (c > c1) c1 = c;
    });
  });
  return r1 < 0 ? undefined : { s: { r: r0, c: c0 }, e: { r: r1, c: c1 } };
}

/** The first sheet (xlsx, xls and the other formats SheetJS reads) as rows of cells, blank rows left out. */
export function readFirstSheet(buf: Buffer, limits: SheetLimits): unknown[][] {
  // an .xlsx is unpacked here, sizes checked, so that the parser never inflates anything itself
  const input = isZip(buf) ? storedZip(buf, limits) : buf;
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(input, {
      type: 'buffer',
      cellDates: true,
      dense: true,
      sheets: 0,
      // the raw values are all the import reads: no display text, HTML or formulas
      cellText: false,
      cellHTML: false,
      cellFormula: false,
    });
  } catch {
    throw new SheetRefusal('resource.importUnreadable');
  }
  const ws = wb.Sheets[wb.SheetNames[0]];
  const data = ws?.['!data'] as Cell[][] | undefined;
  if (!ws || !data) return [];
  const range = usedRange(data);
  if (!range) return [];
  const columns = range.e.c - range.s.c + 1;
  if (columns > limits.columns) {
    throw new SheetRefusal('resource.importTooManyColumns', { columns, last: XLSX.utils.encode_col(range.e.c), max: limits.columns });
  }
  const rows = range.e.r - range.s.r; // below the header
  if (rows > limits.rows) throw new SheetRefusal('resource.importTooManyRows', { rows, last: range.e.r + 1, max: limits.rows });
  ws['!ref'] = XLSX.utils.encode_range(range);
  return XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: '', blankrows: false });
}
