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

/** What kind of failure a test met: the answer names the kind, never the remote server's own text. */
export type FailureCategory =
  | 'unreachable'
  | 'hostUnknown'
  | 'timeout'
  | 'authFailed'
  | 'databaseMissing'
  | 'tls'
  | 'authMethod'
  | 'closed'
  | 'serverError';

export type Outcome =
  | { ok: true; version: string; ms: number }
  | { ok: false; category: FailureCategory /** the driver's own text, for the server log only */; error: string; ms: number };

/**
 * The server asked for a way of sending the password that would hand it over to whoever answers
 * at that address: PostgreSQL's clear-text or MD5 password messages, MySQL's mysql_clear_password.
 */
export class AuthMethodRefused extends Error {
  constructor(readonly method: string) {
    super(`refused ${method} password authentication`);
  }
}

/** Node reports a refused dual-stack connect as an AggregateError with an empty message. */
function driverMessage(err: unknown): string {
  const e = err as { message?: string; code?: string; errors?: unknown[] };
  if (e?.errors?.length) return [...new Set(e.errors.map(driverMessage))].join('; ');
  return (e?.message || e?.code || String(err)).slice(0, 300);
}

const NETWORK: Record<string, FailureCategory> = {
  ECONNREFUSED: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  EADDRNOTAVAIL: 'unreachable',
  ENOTFOUND: 'hostUnknown',
  EAI_AGAIN: 'hostUnknown',
  EAI_NONAME: 'hostUnknown',
  ETIMEDOUT: 'timeout',
  ECONNRESET: 'closed',
  EPIPE: 'closed',
  PROTOCOL_CONNECTION_LOST: 'closed',
  EPROTO: 'tls',
  HANDSHAKE_NO_SSL_SUPPORT: 'tls',
  HANDSHAKE_SSL_ERROR: 'tls',
  MYSQL_CLEAR_PASSWORD_NOT_ENABLED: 'authMethod',
  ER_NOT_SUPPORTED_AUTH_MODE: 'authMethod',
  ER_ACCESS_DENIED_ERROR: 'authFailed',
  ER_DBACCESS_DENIED_ERROR: 'authFailed',
  ER_ACCESS_DENIED_NO_PASSWORD_ERROR: 'authFailed',
  ER_BAD_DB_ERROR: 'databaseMissing',
};
/** PostgreSQL's SQLSTATE codes that say more than "an error". */
const SQLSTATE: Record<string, FailureCategory> = { '28P01': 'authFailed', '28000': 'authFailed', '3D000': 'databaseMissing' };

/** The kind of a driver's failure, from its codes (a message is looked at only for the drivers' own plain Errors). */
export function classify(err: unknown): FailureCategory {
  const e = err as { code?: unknown; errors?: unknown[]; message?: string; cause?: unknown } | undefined;
  if (err instanceof AuthMethodRefused || e?.cause instanceof AuthMethodRefused) return 'authMethod';
  if (e?.errors?.length) return classify(e.errors[0]);
  const code = typeof e?.code === 'string' ? e.code : '';
  if (NETWORK[code]) return NETWORK[code];
  if (/^[0-9A-Z]{5}$/.test(code)) return SQLSTATE[code] ?? 'serverError';
  if (/^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/.test(code)) return 'tls';
  if (code.startsWith('ER_')) return 'serverError';
  const msg = e?.message ?? '';
  if (/timeout|timed out/i.test(msg)) return 'timeout';
  if (/SSL|TLS|certificate/i.test(msg)) return 'tls';
  if (/terminated|closed|ended/i.test(msg)) return 'closed';
  return 'serverError';
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

/**
 * PostgreSQL with SCRAM only: the password goes to the driver only once the server has asked for
 * SASL (SCRAM-SHA-256, where the password itself never crosses the wire). A request for a
 * clear-text or MD5 password fails the connection before anything is sent.
 */
function postgresProbe(t: Reachable, login: Login, timeoutMs: number): Probe {
  let asked: string | undefined;
  const secret = login.password ?? t.password ?? '';
  const client = new pg.Client({
    host: t.host,
    port: t.port,
    database: t.database,
    user: login.user || t.user,
    // pg calls this when the server asks for a password, after the listeners below have named the method
    password: () => {
      if (asked !== 'sasl') throw new AuthMethodRefused(asked ?? 'unknown');
      return secret;
    },
    ssl: t.ssl ? { rejectUnauthorized: false } : false,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    application_name: 'tagloom-test-connection',
  });
  // registered before connect(), so they run before the client's own handlers of these messages
  const con = (client as unknown as { connection: import('node:events').EventEmitter }).connection;
  con.on('authenticationCleartextPassword', () => {
    asked = 'cleartext';
  });
  con.on('authenticationMD5Password', () => {
    asked = 'md5';
  });
  con.on('authenticationSASL', () => {
    asked = 'sasl';
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
        // the password is never sent as it is: refuse a server that switches to clear text
        enableCleartextPlugin: false,
        authPlugins: { mysql_clear_password: () => () => Promise.reject(new AuthMethodRefused('mysql_clear_password')) },
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
    timer = setTimeout(() => resolve({ ok: false, category: 'timeout', error: 'no answer in time', ms: ms() }), timeoutMs + 1000);
  });
  const attempt = (async (): Promise<Outcome> => {
    try {
      return { ok: true, version: await probe.version(), ms: ms() };
    } catch (err) {
      return { ok: false, category: classify(err), error: driverMessage(err), ms: ms() };
    }
  })();
  try {
    return await Promise.race([attempt, deadline]);
  } finally {
    clearTimeout(timer);
    probe.close().catch(() => {});
  }
}
