/** Test helpers shared by the import, upload and query-plan tests. */
import * as XLSX from '@e965/xlsx';
import type { Tx } from '../src/db/client.js';

/** A one-sheet .xlsx of the given rows (the first usually the header). */
export const workbook = (rows: unknown[][]): Buffer => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

/** A multipart body holding one file under the field `file`, as the console uploads it. */
export function multipart(name: string, buf: Buffer) {
  const boundary = `----tagloom${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    buf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The boundary of formData()'s bodies (the request's content-type names it). */
export const FORM_BOUNDARY = '----tagloom-test-boundary';

/** multipart/form-data with text fields first, then one file part (a dialog's fields and its file). */
export function formData(fields: Record<string, string | number>, file?: { name: string; bytes: Buffer }): Buffer {
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${FORM_BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The SQL statements the database client is sent while `fn` runs. */
export async function statements(db: Tx, fn: () => Promise<unknown>): Promise<string[]> {
  const client = (db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
  const seen: string[] = [];
  const original = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    seen.push(typeof q === 'string' ? q : String((q as { text?: string })?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return seen;
}
