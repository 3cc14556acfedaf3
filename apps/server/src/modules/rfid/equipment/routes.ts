import { id, int, MAC_RE } from '@tagloom/domain';
import { READER_VENDORS, readerConfig } from '@tagloom/domain/rfid/reader-config.js';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { forbidden, validationError } from '../../../core/errors.js';
import { LoginThrottle } from '../../../core/login-throttle.js';
import { partyRefCondition } from '../../../core/party.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { closePresenceAt } from '../state/service.js';
import { equipmentConfigSource, productList, productParamsOf, sceneConfigSource } from './products.js';
import {
  bindReader,
  CODE_TTL_MAX_HOURS,
  issueRegistrationCode,
  REGISTER_LABELS,
  registerReader,
  revokeRegistration,
  rotateDeviceToken,
  unbindReader,
} from './registration.js';

const EQUIPMENT = 'rfid/equipment';
const SCENE = 'rfid/scene';
const PRODUCT = 'rfid/product';
/** The integrator path a reader registers at (issue 13: keep it exactly). */
export const REGISTER_PATH = '/api/rfid/equipment/register';

const registerBody = z.object({
  registrationCode: z.string().trim().min(1).max(64),
  snNumber: z.string().trim().max(64),
  macAddress: z.string().trim().regex(MAC_RE, { message: 'validation.macAddress' }),
});
const idBody = z.object({ id: id() });
const configQuery = z.object({ id: id(), vendor: z.enum(READER_VENDORS as [string, ...string[]]).default('impinj') });
const readerConfigData = envelope(
  z.object({
    vendor: z.string(),
    method: z.string(),
    path: z.string(),
    body: z.record(z.string(), z.unknown()),
    scene: z.string(),
    product: z.string().nullable(),
  }),
);

/**
 * Registration and binding of readers, their configuration from a scene, and the reader models:
 * - `POST /api/rfid/equipment/register` (public, throttled like logins): a reader's code → its token;
 * - the equipment screen's actions: issue a code, rotate the token, revoke, bind, unbind;
 * - `GET /api/rfid/scene/reader-config`, `GET /api/rfid/equipment/reader-config`: the JSON to apply;
 * - `GET /api/rfid/product/list`: the platform's reader models with their parameters, read-only.
 */
export const equipmentRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const throttle = new LoginThrottle(app.ctx);
  // the actions on one reader reach only the readers the caller's list shows (its tenant, and for a
  // user bound to a store or warehouse the readers of its place): the generic service answers 404 otherwise
  const equipment = services.resources.get(EQUIPMENT)!;
  app.addHook('preHandler', async (req) => {
    const rowId = ((req.body ?? req.query) as { id?: unknown } | undefined)?.id;
    if (!req.session || !req.url.startsWith(`/api/${EQUIPMENT}/`) || typeof rowId !== 'number') return;
    await equipment.get(req.session, rowId);
    // and bind it to a place of its own site only (the site or one of its zones)
    const to = (req.body as { locationId?: unknown } | undefined)?.locationId;
    const reach = to !== undefined && to !== null && partyRefCondition(sql`${Number(to)}::bigint`, 'tenant/location', req.session);
    if (reach && !(await queryRows<{ ok: boolean }>(app.ctx.db, sql`select ${reach} as ok`))[0]?.ok)
      throw validationError(req.lang, [{ code: 'custom', path: ['locationId'], message: 'validation.partyOnly' }], equipment.def.labels);
  });

  app.post(
    '/rfid/equipment/register',
    {
      config: {
        access: 'public',
        fieldLabels: REGISTER_LABELS,
        logTarget: (req) => JSON.stringify((req.body as { snNumber?: string })?.snNumber ?? ''),
      },
      schema: {
        tags: [EQUIPMENT],
        summary:
          'A reader registers with the single-use registration code issued in the console, its serial number and MAC address, and gets its device token (send it as Authorization: Bearer <token> to the ingestion routes). Throttled like logins.',
        body: registerBody,
        response: { 200: envelope(z.object({ equipmentCoding: z.string(), deviceToken: z.string() })) },
      },
    },
    async (req, reply) => {
      const lease = await throttle.reserve(`#rfid-register:${req.body.snNumber}`, req.ip);
      const done = await app.ctx.db.transaction((tx) => registerReader(tx, req.body, req.lang));
      await throttle.succeeded(lease);
      return reply.ok({ equipmentCoding: done.equipmentCoding, deviceToken: done.deviceToken }, 'readers.done.registered');
    },
  );

  app.post(
    '/rfid/equipment/registration-code',
    {
      config: { access: { screen: EQUIPMENT, action: 'register' } },
      schema: {
        tags: [EQUIPMENT],
        summary:
          'Issue a single-use registration code for a reader (shown once; valid `hours`, 24 by default); its unused codes are withdrawn',
        body: idBody.extend({ hours: int(1, CODE_TTL_MAX_HOURS).optional() }),
        response: {
          200: envelope(
            z.object({
              equipmentCoding: z.string(),
              registrationCode: z.string(),
              expiresAt: z.string(),
              request: z.object({ method: z.string(), path: z.string(), body: z.record(z.string(), z.string()) }),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const tenantId = req.session!.tenantId;
      const issued = await req.scope.db.transaction((tx) => issueRegistrationCode(tx, tenantId, req.body.id, { hours: req.body.hours }));
      return reply.ok(
        {
          equipmentCoding: issued.equipmentCoding,
          registrationCode: issued.code,
          expiresAt: issued.expiresAt.toISOString(),
          request: {
            method: 'POST',
            path: REGISTER_PATH,
            body: { registrationCode: issued.code, snNumber: '<SN>', macAddress: '<MAC>' },
          },
        },
        'readers.done.codeIssued',
      );
    },
  );

  app.post(
    '/rfid/equipment/rotate-token',
    {
      config: { access: { screen: EQUIPMENT, action: 'register' } },
      schema: {
        tags: [EQUIPMENT],
        summary: 'A new device token for a registered reader (shown once); its earlier tokens stop working',
        body: idBody,
        response: { 200: envelope(z.object({ equipmentCoding: z.string(), deviceToken: z.string() })) },
      },
    },
    async (req, reply) =>
      reply.ok(await req.scope.db.transaction((tx) => rotateDeviceToken(tx, req.session!.tenantId, req.body.id)), 'readers.done.rotated'),
  );

  app.post(
    '/rfid/equipment/revoke',
    {
      config: { access: { screen: EQUIPMENT, action: 'register' } },
      schema: {
        tags: [EQUIPMENT],
        summary: 'Revoke a reader’s registration: its device tokens stop, its unused codes go; it must register again',
        body: idBody,
        response: { 200: envelope(z.object({ equipmentCoding: z.string(), revoked: z.number() })) },
      },
    },
    async (req, reply) =>
      reply.ok(await req.scope.db.transaction((tx) => revokeRegistration(tx, req.session!.tenantId, req.body.id)), 'readers.done.revoked'),
  );

  app.post(
    '/rfid/equipment/bind',
    {
      config: { access: { screen: EQUIPMENT, action: 'bind' } },
      schema: {
        tags: [EQUIPMENT],
        summary: 'Bind a reader to a location and a scene of the tenant (and name its model)',
        body: idBody.extend({ locationId: id(), sceneId: id(), productId: id().nullable().optional() }),
        response: { 200: envelope(z.object({ equipmentCoding: z.string() })) },
      },
    },
    async (req, reply) => {
      const { id: rowId, ...to } = req.body;
      return reply.ok(await req.scope.db.transaction((tx) => bindReader(tx, req.session!.tenantId, rowId, to)), 'readers.done.bound');
    },
  );

  app.post(
    '/rfid/equipment/unbind',
    {
      config: { access: { screen: EQUIPMENT, action: 'unbind' } },
      schema: {
        tags: [EQUIPMENT],
        summary: 'Unbind a reader: its location and scene are cleared and the presence it holds there is closed',
        body: idBody,
        response: { 200: envelope(z.object({ equipmentCoding: z.string(), closed: z.number() })) },
      },
    },
    async (req, reply) => {
      // the presence the reader holds there is closed by the state area, in the same transaction
      const close = async (tx: Tx, tenantId: number, code: string) => (await closePresenceAt(tx, tenantId, code)).length;
      return reply.ok(
        await req.scope.db.transaction((tx) => unbindReader(tx, req.session!.tenantId, req.body.id, close)),
        'readers.done.unbound',
      );
    },
  );

  app.get(
    '/rfid/scene/reader-config',
    {
      config: { access: { screen: SCENE, action: 'query' } },
      schema: {
        tags: [SCENE],
        summary:
          'The scene as the reader’s own configuration: the Impinj R700 inventory preset or the Zebra IoT Connector operating mode (with the default reader model’s parameters)',
        querystring: configQuery,
        response: { 200: readerConfigData },
      },
    },
    async (req, reply) => {
      const src = await sceneConfigSource(req.scope.db, req.session!.tenantId, req.query.id);
      const params = src.productId ? await productParamsOf(req.scope.db, src.productId) : [];
      const c = readerConfig(req.query.vendor as 'impinj' | 'zebra', src.scene, params);
      return reply.ok({ ...c, body: c.body, scene: src.sceneName, product: src.productName });
    },
  );

  app.get(
    '/rfid/equipment/reader-config',
    {
      config: { access: { screen: EQUIPMENT, action: 'query' } },
      schema: {
        tags: [EQUIPMENT],
        summary: 'A bound reader’s configuration from its scene and its model’s parameters (409 when it is not bound)',
        querystring: configQuery,
        response: { 200: readerConfigData },
      },
    },
    async (req, reply) => {
      const src = await equipmentConfigSource(req.scope.db, req.session!.tenantId, req.query.id);
      const params = src.productId ? await productParamsOf(req.scope.db, src.productId) : [];
      const c = readerConfig(req.query.vendor as 'impinj' | 'zebra', src.scene, params);
      return reply.ok({ ...c, body: c.body, scene: src.sceneName, product: src.productName });
    },
  );

  app.get(
    '/rfid/product/list',
    {
      config: { access: 'session' },
      schema: {
        tags: [PRODUCT],
        summary:
          'The platform’s reader models (general/product) with their parameters, read-only: for the products screen (its query button) and the bind form (the equipment screen’s bind button)',
        querystring: z.object({ q: z.string().trim().max(64).optional() }),
        response: {
          200: envelope(
            z.array(
              z.object({
                id: z.number(),
                code: z.string(),
                name: z.string(),
                category: z.number(),
                nodeType: z.number(),
                networkMode: z.number(),
                dataFormat: z.number(),
                authMethod: z.number(),
                supplier: z.string(),
                description: z.string(),
                params: z.array(
                  z.object({
                    code: z.string(),
                    name: z.string(),
                    unit: z.string(),
                    type: z.number(),
                    defaultValue: z.string(),
                    minValue: z.number().nullable(),
                    maxValue: z.number().nullable(),
                  }),
                ),
              }),
            ),
          ),
        },
      },
    },
    async (req, reply) => {
      if (!(await req.holds(PRODUCT, 'query')) && !(await req.holds(EQUIPMENT, 'bind'))) throw forbidden();
      return reply.ok(await productList(app.ctx.db, req.query.q));
    },
  );
};
