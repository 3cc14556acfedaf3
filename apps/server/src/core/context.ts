import type { ActionCode, Lang, PartyKind } from '@tagloom/domain';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { Bus } from './bus.js';
import type { TenantScope } from './tenant-scope.js';

/** Who is calling: set by the access hook from the session token. */
export interface SessionInfo {
  tokenHash: string;
  tenantId: number;
  tenantCode: string;
  userId: number;
  userCode: string;
  username: string;
  userType: number;
  loginType: string;
  lang: Lang;
  /** the party (store, warehouse, factory, label supplier) a tenant user is bound to: its rows only (partyScope) */
  party?: { kind: PartyKind; id: number };
  /** the integration key the caller came in with (it acts as this user), none for a user's own session */
  integrationKeyId?: number;
}

/**
 * What a route serves: public, any signed-in user, or one button of one screen. A screen of the
 * code's platform list (PLATFORM_SCREENS), or a route marked `platform: true`, serves platform
 * users only, whatever the menus table and the grants say.
 */
/**
 * `device`: a device's key in the x-device-key header (feed ingestion), see core/feed/device-keys.ts.
 * A button with `device: true` is also answered for a device's key when the request carries one and
 * no user token (a reader or its scanner, and a console user with the button: read sessions).
 */
export type Access =
  | 'public'
  | 'session'
  | 'device'
  | {
      screen: string;
      action: ActionCode;
      platform?: boolean;
      device?: boolean;
      /**
       * also open to an integration key with this scope (`Authorization: Bearer tlk_…` and no user
       * token): the key acts as its user (that user's party scope), the scope standing for the button
       */
      integration?: IntegrationScopeName;
    };

/** What an integration key may be allowed (tenant/integration-key). */
export type IntegrationScopeName = 'capture' | 'query' | 'subscribe';

/** Who stands behind an integration key (the tenant module's keys; core/access.ts asks it). */
export interface IntegrationKeyResolver {
  /** the key's user's session and its scopes, or null: an unknown, revoked or replaced key, a disabled user or tenant */
  resolve(key: string): Promise<{ session: SessionInfo; keyId: number; scopes: Record<IntegrationScopeName, boolean> } | null>;
}

/** Shared services every module plugin receives. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  bus: Bus;
  log: Logger;
  startedAt: Date;
  /** false until the database answered and was migrated; API calls get 503 meanwhile */
  readiness: { ready: boolean; error: string | null };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** what the operation log names as the target, from body/params/query (default: id/ids/code) */
    logTarget?: (req: FastifyRequest) => string;
    /** labels of the fields this route validates (a resource's own), for validation messages */
    fieldLabels?: Record<string, import('@tagloom/domain').L10n>;
    /** this write is logged elsewhere (login goes to the login log) */
    skipOperationLog?: boolean;
    /** a GET that changes state (the spec's wire names keep some writes on GET): logged like a write */
    writes?: boolean;
  }
  interface FastifyRequest {
    lang: Lang;
    session?: SessionInfo;
    /** tenant-scoped data access for the caller's tenant; only set on authenticated routes */
    scope: TenantScope;
    startTime: number;
    /** whether the signed-in caller holds `action` on `screen` (for a route that needs a second button) */
    holds(screen: string, action: ActionCode): Promise<boolean>;
  }
  interface FastifyReply {
    ok<T>(data: T, msgKey?: string, params?: Record<string, unknown>): { code: number; msg: string; data: T };
  }
  interface FastifyInstance {
    ctx: AppContext;
    /**
     * The generic service of every resource served by this app, by screen code: the declared ones
     * and those a module builds itself (tenant, user, …), so jobs (imports, exports) find each.
     */
    resourceServices: Map<string, import('./resource/service.js').ResourceService>;
    /** the app's services (what a job kind's hooks are given when a route ends a job, e.g. a cancel) */
    services: import('../app.js').Services;
  }
}
