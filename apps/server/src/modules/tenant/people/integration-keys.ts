/**
 * Integration keys (tenant/integration-key): what a partner's system presents to the EPCIS 2.0
 * interface instead of a user's session. A key acts as one of the tenant's users (its party scope
 * applies) within its scopes (capture, query, subscribe). The secret — `tlk_` and 43 characters —
 * is made when the key is added and when New key replaces it, answered once (the row's `key`),
 * and stored only as its SHA-256 in integration_key_hashes (never a column of the list); revoking
 * deletes the hash. `resolveIntegrationKey` is the one door a key comes in by: the key's row, its
 * user and tenant, all enabled, as a session of that user.
 */
import { randomBytes } from 'node:crypto';
import {
  INTEGRATION_KEY_PREFIX,
  INTEGRATION_KEY_STATUS,
  type IntegrationScope,
  integrationKeyResource,
  normalizeLang,
  type PartyKind,
} from '@tagloom/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import type { AppContext, IntegrationKeyResolver, SessionInfo } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { conflict, notFound } from '../../../core/errors.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { hashToken, SESSION_USER_COLUMNS } from '../../../core/sessions.js';
import type { Tx } from '../../../db/client.js';
import { tenants, users } from '../../../db/schema/index.js';
import { integrationKeyHashes, integrationKeys } from './tables.js';

const SCREEN = integrationKeyResource.code;
/** A key's last use is written at most this often (not on every call). */
const TOUCH_EVERY_MS = 60_000;

/** An enabled user's login status, an enabled tenant's status (as sign-in reads them). */
const ENABLED = 1;

/** A secret's digest, as sessions' tokens are kept. */
const hashOf = hashToken;

/** A new secret: the key, its digest and the characters the list shows. */
function newSecret(): { key: string; keyHash: string; keyPrefix: string } {
  const key = `${INTEGRATION_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashOf(key), keyPrefix: `${key.slice(0, INTEGRATION_KEY_PREFIX.length + 6)}…` };
}

/** A key's secret digest written (replacing the one it had). */
async function storeHash(tx: Tx, tenantId: number, keyId: number, keyHash: string): Promise<void> {
  await tx.delete(integrationKeyHashes).where(and(eq(integrationKeyHashes.tenantId, tenantId), eq(integrationKeyHashes.keyId, keyId)));
  await tx.insert(integrationKeyHashes).values({ keyHash, tenantId, keyId });
}

/** A new secret for a key: stored as its hash (replacing the one it had), shown as its first characters. */
async function issue(tx: Tx, tenantId: number, keyId: number): Promise<{ key: string; keyPrefix: string; issuedAt: Date }> {
  const { key, keyHash, keyPrefix } = newSecret();
  const issuedAt = new Date();
  await storeHash(tx, tenantId, keyId, keyHash);
  await tx
    .update(integrationKeys)
    .set({ keyPrefix, issuedAt, lastUsedAt: null })
    .where(and(eq(integrationKeys.tenantId, tenantId), eq(integrationKeys.id, keyId)));
  return { key, keyPrefix, issuedAt };
}

/**
 * The secrets made by a request's writes, until its answer is shaped (decorate runs after the
 * transaction, with the same session object): the request's own, never another's; the entry goes
 * when read.
 */
const madeFor = new WeakMap<SessionInfo, { pending?: { key: string; keyHash: string }; byId: Map<number, string> }>();

/** The hooks of tenant/integration-key: a secret made with the row, answered once; the user must be the tenant's. */
export function integrationKeyHooks(): ResourceHooks<typeof integrationKeyResource> {
  return {
    async beforeWrite(_tx, data, { session, existing }) {
      if (existing) return;
      const { key, keyHash, keyPrefix } = newSecret();
      data.keyPrefix = keyPrefix;
      data.issuedAt = new Date();
      const made = madeFor.get(session) ?? { byId: new Map<number, string>() };
      made.pending = { key, keyHash };
      madeFor.set(session, made);
    },
    async afterWrite(tx, row, { session, existing }) {
      const made = madeFor.get(session);
      if (existing || !made?.pending) return;
      await storeHash(tx, session.tenantId, Number(row.id), made.pending.keyHash);
      made.byId.set(Number(row.id), made.pending.key);
      made.pending = undefined;
    },
    async decorate(rows, { session }) {
      const made = madeFor.get(session)?.byId;
      if (!made) return rows;
      return rows.map((r) => {
        const key = made.get(Number(r.id));
        if (key === undefined) return r;
        made.delete(Number(r.id));
        return { ...r, key };
      });
    },
    rowFields: { key: z.string().optional().describe('the secret, answered once: when the key is added (and by New key)') },
    /** a key deleted stops at once: its secret's digest goes with it */
    async beforeDelete(tx, rows, { session }) {
      for (const r of rows)
        await tx
          .delete(integrationKeyHashes)
          .where(and(eq(integrationKeyHashes.tenantId, session.tenantId), eq(integrationKeyHashes.keyId, Number(r.id))));
    },
    transitions: {
      async revoke(tx, row) {
        await tx
          .delete(integrationKeyHashes)
          .where(and(eq(integrationKeyHashes.tenantId, Number(row.tenantId)), eq(integrationKeyHashes.keyId, Number(row.id))));
      },
    },
  };
}

/** POST /tenant/integration-key/rotate: a new secret for an active key (the old one stops at once), answered once. */
export const integrationKeyRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const service = services.modules.service(SCREEN);
  app.post(
    `/${SCREEN}/rotate`,
    {
      config: { access: { screen: SCREEN, action: 'rotate' } },
      schema: {
        tags: [SCREEN],
        summary:
          'Integration keys: a new secret for an active key; the one it had stops at once. The secret is in the answer only (stored as its SHA-256)',
        body: z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: envelope(z.object({ id: z.number(), key: z.string(), keyPrefix: z.string(), issuedAt: z.string() })) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const out = await app.ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: integrationKeys.id, status: integrationKeys.status, name: integrationKeys.name })
          .from(integrationKeys)
          .where(service.scope(session, eq(integrationKeys.id, req.body.id)));
        if (!row) throw notFound({ zh_CN: '集成密钥', zh_TW: '整合金鑰', en_US: 'Integration key' });
        if (row.status !== INTEGRATION_KEY_STATUS.ACTIVE) throw conflict('integrationKey.notActive', { name: row.name });
        return issue(tx, session.tenantId, row.id);
      });
      return reply.ok({ id: req.body.id, ...out, issuedAt: out.issuedAt.toISOString() }, 'integrationKey.rotated');
    },
  );
};

/** A caller that came in with an integration key: its user's session, its scopes, the key's id. */
export interface KeySession {
  session: SessionInfo;
  keyId: number;
  scopes: Record<IntegrationScope, boolean>;
}

/**
 * The session an integration key stands for, or null: an active key whose hash is known, of an
 * enabled tenant and enabled user — that user's session (its party scope), with the key's scopes.
 * The key's last use is written at most once a minute.
 */
export async function resolveIntegrationKey(db: Tx, key: string, now = new Date()): Promise<KeySession | null> {
  if (!key.startsWith(INTEGRATION_KEY_PREFIX) || key.length > 100) return null;
  const [r] = await db
    .select({
      keyId: integrationKeys.id,
      status: integrationKeys.status,
      canCapture: integrationKeys.canCapture,
      canQuery: integrationKeys.canQuery,
      canSubscribe: integrationKeys.canSubscribe,
      lastUsedAt: integrationKeys.lastUsedAt,
      ...USER_COLUMNS,
    })
    .from(integrationKeyHashes)
    .innerJoin(
      integrationKeys,
      and(eq(integrationKeys.tenantId, integrationKeyHashes.tenantId), eq(integrationKeys.id, integrationKeyHashes.keyId)),
    )
    .innerJoin(users, and(eq(users.tenantId, integrationKeys.tenantId), eq(users.id, integrationKeys.userId)))
    .innerJoin(tenants, eq(tenants.id, integrationKeys.tenantId))
    .where(eq(integrationKeyHashes.keyHash, hashOf(key)))
    .limit(1);
  if (!r || r.status !== INTEGRATION_KEY_STATUS.ACTIVE || r.loginStatus !== ENABLED || r.tenantStatus !== ENABLED) return null;
  if (!r.lastUsedAt || now.getTime() - r.lastUsedAt.getTime() > TOUCH_EVERY_MS)
    await db
      .update(integrationKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(integrationKeys.tenantId, r.tenantId), eq(integrationKeys.id, r.keyId)));
  return {
    keyId: r.keyId,
    scopes: {
      capture: r.canCapture === 1,
      query: r.canQuery === 1,
      subscribe: r.canSubscribe === 1,
    },
    session: sessionFrom(r, 'integration-key', `integration-key:${r.keyId}`),
  };
}

/** What a session stands on: the user's row and its tenant's (as sign-in reads them). */
const USER_COLUMNS = { tenantId: users.tenantId, userId: users.id, ...SESSION_USER_COLUMNS };
interface UserRow {
  tenantId: number;
  userId: number;
  userCode: string;
  username: string;
  userType: number;
  partyKind: string | null;
  partyId: number | null;
  tenantCode: string;
}

/** The session of a user's row (its party scope); the caller checked the user and tenant are enabled. */
function sessionFrom(r: UserRow, loginType: string, tokenHash: string): SessionInfo {
  const party = r.partyKind && r.partyId ? { kind: r.partyKind as PartyKind, id: Number(r.partyId) } : undefined;
  return {
    tokenHash,
    tenantId: r.tenantId,
    tenantCode: r.tenantCode,
    userId: r.userId,
    userCode: r.userCode,
    username: r.username,
    userType: r.userType,
    loginType,
    lang: normalizeLang(undefined),
    ...(party ? { party } : {}),
  };
}

/**
 * The session of one of a tenant's users acting without signing in (a subscription's deliveries):
 * its party scope holds; null when the user or its tenant is gone or disabled.
 */
export async function sessionOfUser(db: Tx, tenantId: number, userId: number, loginType: string): Promise<SessionInfo | null> {
  const [r] = await db
    .select(USER_COLUMNS)
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  if (r?.loginStatus !== ENABLED || r.tenantStatus !== ENABLED) return null;
  return sessionFrom(r, loginType, `${loginType}:${userId}`);
}

/** The integration keys as core/access.ts asks them (app.ts hands it over). */
export class IntegrationKeyService implements IntegrationKeyResolver {
  constructor(private readonly ctx: AppContext) {}
  resolve(key: string): Promise<KeySession | null> {
    return resolveIntegrationKey(this.ctx.db, key);
  }
}

/**
 * The demo tenant's integration keys: its own EPCIS client — a key of known secret (DEMO_EPCIS_KEY,
 * the README's curl examples use it) acting as the administrator, every scope —, the factory's MES
 * (capture and query, as factory01, used yesterday) and a 3PL's key since revoked (as wh01).
 */
export const DEMO_EPCIS_KEY = `${INTEGRATION_KEY_PREFIX}DEMOepcisKEYforTHEreadmeCURLexamplesONLY0001`;

export async function seedIntegrationKeysDemo(tx: Tx, tenantId: number): Promise<void> {
  const userOf = async (username: string) =>
    (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.username, username)))
    )[0]?.id;
  const day = 86_400_000;
  const now = Date.now();
  const keys = [
    {
      name: '演示 EPCIS 客户端',
      user: 'demo',
      scopes: [1, 1, 1],
      secret: DEMO_EPCIS_KEY,
      used: now - 2 * 3_600_000,
      status: INTEGRATION_KEY_STATUS.ACTIVE,
      remark: 'README 中 curl 示例所用',
    },
    {
      name: 'FA01 工厂 MES',
      user: 'factory01',
      scopes: [1, 1, 0],
      secret: newSecret().key,
      used: now - day,
      status: INTEGRATION_KEY_STATUS.ACTIVE,
      remark: '',
    },
    {
      name: '华东 3PL（已停用）',
      user: 'wh01',
      scopes: [1, 0, 1],
      secret: newSecret().key,
      used: now - 40 * day,
      status: INTEGRATION_KEY_STATUS.REVOKED,
      remark: '合同到期',
    },
  ];
  for (const k of keys) {
    const userId = await userOf(k.user);
    if (userId === undefined) continue;
    const [row] = await tx
      .insert(integrationKeys)
      .values({
        tenantId,
        name: k.name,
        userId,
        canQuery: k.scopes[0],
        canCapture: k.scopes[1],
        canSubscribe: k.scopes[2],
        keyPrefix: `${k.secret.slice(0, INTEGRATION_KEY_PREFIX.length + 6)}…`,
        status: k.status,
        issuedAt: new Date(now - 60 * day),
        lastUsedAt: new Date(k.used),
        remark: k.remark,
      })
      .returning({ id: integrationKeys.id });
    if (k.status === INTEGRATION_KEY_STATUS.ACTIVE) await storeHash(tx, tenantId, row.id, hashOf(k.secret));
  }
}
