import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the server reads from its environment, parsed once. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server URL; unset → embedded PGlite under dataDir */
  databaseUrl: string | undefined;
  dataDir: string;
  /** seed demo tenants and users (default: on for PGlite, off with DATABASE_URL unless SEED_DEMO=1) */
  seedDemo: boolean;
  adminPassword: string;
  sessionTtlMinutes: number;
  /** how long a process reuses a session it resolved (0: never); changes reach every process at once over the bus */
  sessionCacheSeconds: number;
  /** a new login revokes the user's other sessions (they get 50012) */
  singleSession: boolean;
  loginMaxFailures: number;
  loginFailureWindowMinutes: number;
  logRetentionDays: number;
  logLevel: string;
  /** Fastify's trustProxy: false, true, or the proxies' addresses/CIDRs (comma-separated) */
  trustProxy: boolean | string;
  webDist: string;
  publicUrl: string;
  oidc: { issuer: string; clientId: string; clientSecret: string; usernameClaim: string; scope: string } | undefined;
  pgPoolMax: number;
  version: string;
  /** readers' MQTT path (MQTT_URL unset → off), see modules/rfid/mqtt */
  mqtt: MqttConfig | undefined;
  /** the readers' ingestion quotas (modules/rfid/ingest/quota.ts) */
  ingestQuota: IngestQuotaConfig;
  /** label orders' caps and Get EPC's disk guard (modules/label/orders/limits.ts) */
  labels: LabelLimits;
  /** the EPCIS interface (modules/label/epcis) */
  epcis: EpcisConfig;
}

/** The EPCIS interface's settings (README "Configuration"). */
export interface EpcisConfig {
  /**
   * EPCIS_WEBHOOK_ALLOW_PRIVATE=1: subscriptions' webhooks may go to loopback, private and link-local
   * addresses (partners on the server's own network; the tests' local receivers). Off by default (SSRF)
   */
  webhookAllowPrivate: boolean;
}

/** Label caps and Get EPC's disk guard (README "Configuration"). */
export interface LabelLimits {
  /** most labels one order makes (LABEL_ORDER_MAX_LABELS, 10,000,000) */
  orderMax: number;
  /** most labels of a tenant's orders in the tag registry and in generation (LABEL_TENANT_MAX_LABELS, 100,000,000) */
  tenantMax: number;
  /** MB of free disk Get EPC leaves on the embedded database's filesystem (EPC_DISK_MARGIN_MB, 512) */
  diskMarginMb: number;
  /** PostgreSQL: MB the database may reach through Get EPC (EPC_DB_BUDGET_MB; 0, the default: not checked) */
  dbBudgetMb: number;
}

/**
 * Token buckets of the readers' ingestion, in events (reads, statuses, heartbeats): one a reader and
 * one a tenant, refilled at `…Rate` events a second up to `…Burst`. A rate of 0 turns that bucket off.
 */
export interface IngestQuotaConfig {
  deviceRate: number;
  deviceBurst: number;
  tenantRate: number;
  tenantBurst: number;
}

/** The MQTT subscriber of reader payloads (topics `<topicPrefix>/<tenantCode>/<equipmentCoding>/<impinj|zebra>`). */
export interface MqttConfig {
  url: string;
  topicPrefix: string;
  /** this process's client id (stable across restarts, so its persistent session resumes) */
  clientId: string;
  /** the shared-subscription group: the server processes of the group split the messages */
  group: string;
  /**
   * MQTT_SHARED=1: one shared subscription per group (the processes split the messages). Off by
   * default — a plain subscription (each process gets every message; the pipeline stores each once):
   * mosquitto 2.0.11 (Debian's) does not restore a session's shared subscription after a broker
   * restart, so what is published before the server subscribes again would be lost.
   */
  shared: boolean;
  /** how long the broker keeps the session (and queues QoS 1 messages) while this process is down */
  sessionExpirySeconds: number;
  username: string | undefined;
  password: string | undefined;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

const int = (v: string | undefined, d: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) ? n : d;
};

/** TRUST_PROXY: unset/0/false: the socket's address; 1/true: any proxy; else the proxies' addresses or CIDRs. */
function trustProxyOf(v: string | undefined): boolean | string {
  const s = (v ?? '').trim();
  if (!s || s === '0' || s.toLowerCase() === 'false') return false;
  if (s === '1' || s.toLowerCase() === 'true') return true;
  return s;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = int(env.PORT, 8080);
  const host = env.HOST || '0.0.0.0';
  const adminPassword = env.ADMIN_PASSWORD || (databaseUrl ? '' : 'admin123');
  if (!adminPassword) {
    throw new Error('ADMIN_PASSWORD must be set when DATABASE_URL is set (it becomes the password of the platform admin "admin").');
  }
  const issuer = env.OIDC_ISSUER;
  return {
    port,
    host,
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')),
    seedDemo: databaseUrl ? env.SEED_DEMO === '1' : env.SEED_DEMO !== '0',
    adminPassword,
    sessionTtlMinutes: int(env.SESSION_TTL_MINUTES, 120),
    sessionCacheSeconds: Math.max(0, int(env.SESSION_CACHE_SECONDS, 5)),
    singleSession: env.SESSION_SINGLE === '1',
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5),
    loginFailureWindowMinutes: int(env.LOGIN_FAILURE_WINDOW_MINUTES, 15),
    logRetentionDays: int(env.LOG_RETENTION_DAYS, 180),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    webDist: path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps/web/dist')),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    oidc: issuer
      ? {
          issuer,
          clientId: env.OIDC_CLIENT_ID || '',
          clientSecret: env.OIDC_CLIENT_SECRET || '',
          usernameClaim: env.OIDC_USERNAME_CLAIM || 'preferred_username',
          scope: env.OIDC_SCOPE || 'openid profile',
        }
      : undefined,
    pgPoolMax: int(env.PG_POOL_MAX, 10),
    ingestQuota: {
      deviceRate: Math.max(0, int(env.RFID_DEVICE_EVENTS_PER_SECOND, 2000)),
      deviceBurst: Math.max(1, int(env.RFID_DEVICE_BURST, 10_000)),
      tenantRate: Math.max(0, int(env.RFID_TENANT_EVENTS_PER_SECOND, 10_000)),
      tenantBurst: Math.max(1, int(env.RFID_TENANT_BURST, 50_000)),
    },
    labels: {
      orderMax: Math.max(1, int(env.LABEL_ORDER_MAX_LABELS, 10_000_000)),
      tenantMax: Math.max(1, int(env.LABEL_TENANT_MAX_LABELS, 100_000_000)),
      diskMarginMb: Math.max(0, int(env.EPC_DISK_MARGIN_MB, 512)),
      dbBudgetMb: Math.max(0, int(env.EPC_DB_BUDGET_MB, 0)),
    },
    epcis: { webhookAllowPrivate: env.EPCIS_WEBHOOK_ALLOW_PRIVATE === '1' },
    version: env.APP_VERSION || '0.1.0',
    mqtt: env.MQTT_URL
      ? {
          url: env.MQTT_URL,
          topicPrefix: (env.MQTT_TOPIC_PREFIX || 'tagloom').replace(/\/+$/, ''),
          // one id per host and port: processes on one host differ, a restarted process resumes its session
          clientId: env.MQTT_CLIENT_ID || `${env.MQTT_CLIENT_ID_BASE || 'tagloom'}-${hostname()}-${port}`,
          group: env.MQTT_GROUP || 'tagloom',
          shared: env.MQTT_SHARED === '1',
          sessionExpirySeconds: int(env.MQTT_SESSION_EXPIRY_SECONDS, 7 * 24 * 3600),
          username: env.MQTT_USERNAME || undefined,
          password: env.MQTT_PASSWORD || undefined,
        }
      : undefined,
  };
}

/** What the server creates is for its own user only (files 600, folders 700). */
export const PRIVATE_UMASK = 0o077;

/**
 * Make DATA_DIR (the embedded database, the keys folder, uploaded files) private to the server's
 * user: create it with mode 700, and take group and other permissions off anything under it that
 * an earlier version or another tool left looser (symbolic links are not followed). Returns how
 * many entries were tightened.
 */
export function securePrivateTree(dir: string): number {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let fixed = 0;
  const visit = (p: string) => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o077) {
      chmodSync(p, st.isDirectory() ? 0o700 : st.mode & 0o700);
      fixed++;
    }
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return fixed;
}
