/**
 * How much of a user's spreadsheet the server agrees to read. Every import goes through the sheet
 * worker (./run.ts), which applies these before and while the file is parsed; a file over one of
 * them is refused with a 400 naming the limit, never parsed to the end.
 */
export interface SheetLimits {
  /** data rows below the header row (blank rows between data rows count: the used range is what is read) */
  rows: number;
  /** columns of the used range */
  columns: number;
  /** bytes of the workbook once unpacked (all of the zip's parts together) */
  inflatedBytes: number;
  /** parts in the zip (an .xlsx has a dozen or so) */
  zipEntries: number;
  /** reading and checking one file, from the worker being given it to its answer */
  timeMs: number;
  /** the worker's heap (V8 old generation); a file needing more stops the worker */
  memoryMb: number;
}

export const SHEET_LIMITS: SheetLimits = {
  rows: 200_000,
  columns: 200,
  inflatedBytes: 160 * 1024 * 1024,
  zipEntries: 5_000,
  timeMs: 120_000,
  memoryMb: 1_024,
};

/** Files read at the same time (each in a worker of its own); more wait their turn. */
export const SHEET_WORKERS = 2;

/** A file the reader refuses: an i18n key with its parameters (the 400 the caller answers). */
export class SheetRefusal extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(key);
  }
}
