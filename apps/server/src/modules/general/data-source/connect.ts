import pg from 'pg';

/** Where a test connects: a PostgreSQL server, or the name of a driver we cannot test. */
export type Target =
  | { kind: 'postgres'; host: string; port: number; database?: string; user?: string; password?: string; ssl: boolean }
  | { kind: 'unsupported'; driver: string };

/**
 * Read an address as the screen accepts it: jdbc:postgresql://h:p/db?…, postgres(ql)://…, or
 * host:port[/db]. Other JDBC drivers (mysql, oracle, sqlserver …) are named, not tested.
 */
export function parseAddress(address: string): Target {
  let s = address.trim();
  if (/^jdbc:/i.test(s)) s = s.slice(5);
  const hostPort = /^([^:/?#@]+):(\d{1,5})(?:\/([^?#]*))?(?:\?.*)?$/.exec(s);
  if (hostPort) return { kind: 'postgres', host: hostPort[1], port: Number(hostPort[2]), database: hostPort[3] || undefined, ssl: false };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(s)?.[1].toLowerCase() ?? '?';
  if (scheme !== 'postgresql' && scheme !== 'postgres') return { kind: 'unsupported', driver: scheme };
  const url = new URL(s.replace(/^[a-z]+:/i, 'postgres:'));
  const sslmode = url.searchParams.get('sslmode') ?? (url.searchParams.get('ssl') === 'true' ? 'require' : '');
  return {
    kind: 'postgres',
    host: url.hostname.replace(/^\[|\]$/g, '') || 'localhost',
    port: url.port ? Number(url.port) : 5432,
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined,
    user: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    ssl: ['require', 'verify-ca', 'verify-full'].includes(sslmode),
  };
}

export type Outcome = { ok: true; version: string; ms: number } | { ok: false; error: string; ms: number; timeout?: boolean };

/** Node reports a refused dual-stack connect as an AggregateError with an empty message. */
function driverMessage(err: unknown): string {
  const e = err as { message?: string; code?: string; errors?: unknown[] };
  if (e?.errors?.length) return [...new Set(e.errors.map(driverMessage))].join('; ');
  return (e?.message || e?.code || String(err)).slice(0, 300);
}

/** Really connect (and ask the server's version), giving up after `timeoutMs`. */
export async function tryConnect(
  target: Extract<Target, { kind: 'postgres' }>,
  login: { user?: string; password?: string },
  timeoutMs = 5000,
): Promise<Outcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const client = new pg.Client({
    host: target.host,
    port: target.port,
    database: target.database,
    user: login.user || target.user,
    password: login.password ?? target.password ?? '',
    ssl: target.ssl ? { rejectUnauthorized: false } : false,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    application_name: 'tagloom-test-connection',
  });
  client.on('error', () => {}); // a late socket error must not crash the process
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: '', ms: ms(), timeout: true }), timeoutMs + 1000);
  });
  const attempt = (async (): Promise<Outcome> => {
    try {
      await client.connect();
      const { rows } = await client.query<{ v: string }>('select version() as v');
      const version = /^\S+ [\d.]+/.exec(rows[0]?.v ?? '')?.[0] ?? 'PostgreSQL';
      return { ok: true, version, ms: ms() };
    } catch (err) {
      return { ok: false, error: driverMessage(err), ms: ms() };
    }
  })();
  try {
    return await Promise.race([attempt, deadline]);
  } finally {
    clearTimeout(timer);
    client.end().catch(() => {});
  }
}
