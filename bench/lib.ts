// What the volume benchmarks share: the database they run on, percentiles, and the plans of the
// queries a request sends.
import type { TestApp } from '../apps/server/test/support.js';

export interface BenchPg {
  url: string;
  version: string;
  stop(): void;
}

/**
 * BENCH_PG=1 starts a throwaway PostgreSQL server (scripts/lib/pg-server.mjs), BENCH_PG_URL names
 * one; either way the test app opens it (TEST_DATABASE_URL). Without them: PGlite.
 */
export async function benchDatabase(): Promise<BenchPg | undefined> {
  let pgServer: BenchPg | undefined;
  if (process.env.BENCH_PG === '1' && !process.env.BENCH_PG_URL) {
    // @ts-expect-error a plain .mjs helper of the repository's scripts
    const { startPostgres } = await import('../scripts/lib/pg-server.mjs');
    pgServer = (await startPostgres()) as BenchPg;
    process.env.BENCH_PG_URL = pgServer.url;
  }
  if (process.env.BENCH_PG_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_PG_URL;
  return pgServer;
}

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Prints EXPLAIN (ANALYZE, BUFFERS) of every query of `table` that the request to `url` with `body` sends. */
export async function explainRequest(t: TestApp, token: string, url: string, body: unknown, table: string): Promise<void> {
  const client = (t.ctx.db as unknown as { $client: { query: (...a: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } }).$client;
  const seen: { text: string; params: unknown[] }[] = [];
  const original = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    const text = typeof q === 'string' ? q : String((q as { text?: string })?.text ?? '');
    if (text.includes(`from "${table}"`) && !/^explain/i.test(text)) seen.push({ text, params: (args[1] as unknown[]) ?? [] });
    return original.apply(this, args as never);
  };
  try {
    await t.call('POST', url, { token, body });
  } finally {
    client.query = original;
  }
  for (const q of seen) {
    const res = await client.query(`explain (analyze, buffers) ${q.text}`, q.params);
    console.log(res.rows.map((r) => `      ${String(Object.values(r)[0])}`).join('\n'));
  }
}
