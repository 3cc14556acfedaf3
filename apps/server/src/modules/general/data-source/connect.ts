import mysql from 'mysql2/promise';
import pg from 'pg';

/** The drivers a test can really connect with. */
export type Driver = 'postgres' | 'mysql';
const DEFAULT_PORT: Record<Driver, number> = { postgres: 5432, mysql: 3306 };
const SCHEMES: Record<string, Driver> = { postgresql: 'postgres', postgres: 'postgres', mysql: 'mysql', mariadb: 'mysql' };

/** Where a test connects: a PostgreSQL or MySQL/MariaDB server, or the name of a driver we cannot test. */
export type Target =
  | { kind: Driver; host: string; port: number; database?: string; user?: string; password?: string; ssl: boolean }
  | { kind: 'unsupported'; driver: string };
export type Reachable = Exclude<Target, { kind: 'unsupported' }>;

/**
 * Read an address as the screen accepts it: jdbc:postgresql://h:p/db?…, jdbc:mysql://…,
 * jdbc:mariadb://…, postgres(ql)://…, mysql://…, or host:port[/db] (PostgreSQL). Other JDBC
 * drivers (oracle, sqlserver …) are named, not tested.
 */
export function parseAddress(address: string): Target {
  let s = address.trim();
  if (/^jdbc:/i.test(s)) s = s.slice(5);
  const hostPort = /^([^:/?#@]+):(\d{1,5})(?:\/([^?#]*))?(?:\?.*)?$/.exec(s);
  if (hostPort) return { kind: 'postgres', host: hostPort[1], port: Number(hostPort[2]), database: hostPort[3] || undefined, ssl: false };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(s)?.[1].toLowerCase() ?? '?';
  const kind = SCHEMES[scheme];
  if (!kind) return { kind: 'unsupported', driver: scheme };
  const url = new URL(s.replace(/^[a-z]+:/i, 'db:'));
  const q = url.searchParams;
  const sslmode = q.get('sslmode') ?? (q.get('ssl') === 'true' || q.get('useSSL') === 'true' ? 'require' : '');
  return {
    kind,
    host: url.hostname.replace(/^\[|\]$/g, '') || 'localhost',
    port: url.port ? Number(url.port) : DEFAULT_PORT[kind],
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

interface Login {
  user?: string;
  password?: string;
}

/** One connection of a driver: open it, ask the server's version, close it. */
interface Probe {
  version: () => Promise<string>;
  close: () => Promise<unknown>;
}

function postgresProbe(t: Reachable, login: Login, timeoutMs: number): Probe {
  const client = new pg.Client({
    host: t.host,
    port: t.port,
    database: t.database,
    user: login.user || t.user,
    password: login.password ?? t.password ?? '',
    ssl: t.ssl ? { rejectUnauthorized: false } : false,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    application_name: 'tagloom-test-connection',
  });
  client.on('error', () => {}); // a late socket error must not crash the process
  return {
    version: async () => {
      await client.connect();
      const { rows } = await client.query<{ v: string }>('select version() as v');
      return /^\S+ [\d.]+/.exec(rows[0]?.v ?? '')?.[0] ?? 'PostgreSQL';
    },
    close: () => client.end(),
  };
}

function mysqlProbe(t: Reachable, login: Login, timeoutMs: number): Probe {
  let conn: mysql.Connection | undefined;
  return {
    version: async () => {
      conn = await mysql.createConnection({
        host: t.host,
        port: t.port,
        database: t.database,
        user: login.user || t.user,
        password: login.password ?? t.password ?? '',
        ssl: t.ssl ? { rejectUnauthorized: false } : undefined,
        connectTimeout: timeoutMs,
      });
      conn.on('error', () => {});
      const [rows] = await conn.query<mysql.RowDataPacket[]>({ sql: 'select version() as v', timeout: timeoutMs });
      const v = String(rows[0]?.v ?? '');
      return `${/mariadb/i.test(v) ? 'MariaDB' : 'MySQL'} ${/^[\d.]+/.exec(v)?.[0] ?? v}`.trim();
    },
    close: async () => conn?.end(),
  };
}

const PROBES: Record<Driver, (t: Reachable, login: Login, timeoutMs: number) => Probe> = { postgres: postgresProbe, mysql: mysqlProbe };

/** Really connect (and ask the server's version), giving up after `timeoutMs`. */
export async function tryConnect(target: Reachable, login: Login, timeoutMs = 5000): Promise<Outcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const probe = PROBES[target.kind](target, login, timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: '', ms: ms(), timeout: true }), timeoutMs + 1000);
  });
  const attempt = (async (): Promise<Outcome> => {
    try {
      return { ok: true, version: await probe.version(), ms: ms() };
    } catch (err) {
      return { ok: false, error: driverMessage(err), ms: ms() };
    }
  })();
  try {
    return await Promise.race([attempt, deadline]);
  } finally {
    clearTimeout(timer);
    probe.close().catch(() => {});
  }
}
