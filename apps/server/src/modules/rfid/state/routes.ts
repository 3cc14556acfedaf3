/**
 * EPC state routes: the integrator's lookup `GET /api/rfid/epc-state/{epc}`, and the screens
 * rfid/epc-data (every EPC's data) and rfid/epc-state (presence): keyset lists on
 * (last_seen_at desc, epc), counts by presence, one EPC's detail, the locations to filter by.
 */
import { type L10n, type Lang, normalizeHex, translate } from '@tagloom/domain';
import { PRESENCES } from '@tagloom/domain/rfid/presence.js';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { badRequest } from '../../../core/errors.js';
import { partyCondition } from '../../../core/party.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { declarationOf, tableOf } from '../../../db/resource-table.js';
import { equipment, rfidScenes } from '../../../db/schema/index.js';
import { foldRunner } from './fold-runner.js';
import { countByPresence, decodeForState, epcStateLookup, STATE_COLUMNS, STATE_JOINS, stateReach } from './service.js';

/** A text of the catalogs in the three languages (field labels of the validation messages). */
export const fromCatalog = (key: string): L10n => ({
  zh_CN: translate('zh_CN', key),
  zh_TW: translate('zh_TW', key),
  en_US: translate('en_US', key),
});

/** An EPC as readers report it: hex, 4 to 64 digits (upper-cased, spaces and dashes dropped). */
export const EPC_ANY = /^[0-9A-F]{4,64}$/;
const epcParam = () =>
  z
    .string()
    .max(100)
    .refine((s) => EPC_ANY.test(normalizeHex(s)), { message: 'presence.epcShape' });

export const LIST_MAX = 200;

/** Why the codec refused an EPC, as a sentence ("This EPC begins with header E2, which is not …"). */
const decodeError = (lang: Lang, refusal: { key: string; params: Record<string, string | number> } | null) =>
  refusal ? translate(lang, 'presence.decodeError', { reason: translate(lang, refusal.key, refusal.params) }) : null;

const listQuery = z.object({
  epc: z
    .string()
    .max(64)
    .optional()
    .refine((s) => !s || /^[0-9A-F]*$/.test(normalizeHex(s)), { message: 'presence.epcPrefixShape' }),
  equipment: z.string().max(32).optional(),
  locationId: z.coerce.number().int().positive().optional(),
  presence: z.enum([...PRESENCES, 'unplaced']).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIST_MAX).default(50),
});
type ListQuery = z.infer<typeof listQuery>;

const row = z.record(z.string(), z.unknown());
const listReply = envelope(z.object({ list: z.array(row), next: z.string().nullable() }));

const encodeCursor = (t: string, epc: string) => Buffer.from(JSON.stringify([t, epc])).toString('base64url');
function decodeCursor(c: string): [string, string] {
  try {
    const v = JSON.parse(Buffer.from(c, 'base64url').toString()) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && !Number.isNaN(Date.parse(v[0])))
      return [v[0], v[1]];
  } catch {
    // refused below
  }
  throw badRequest('presence.badCursor');
}

/**
 * One page of the tenant's EPC states, newest read first (keyset on (last_seen_at desc, epc)): by
 * the index of the minute of last_seen_at, each minute's states sorted (the same order).
 */
export async function listStates(db: Tx, tenantId: number, q: ListQuery, reach?: SQL) {
  const where = [sql`s.tenant_id = ${tenantId}`];
  if (reach) where.push(reach);
  if (q.epc) {
    const p = normalizeHex(q.epc);
    // a range, not LIKE: the primary key's order serves it in any collation (hex digits only)
    if (p) where.push(sql`s.epc >= ${p} and s.epc < ${`${p}Z`}`);
  }
  if (q.equipment) where.push(sql`s.last_equipment = ${q.equipment.trim()}`);
  if (q.presence === 'unplaced') where.push(sql`s.presence is null`);
  else if (q.presence) where.push(sql`s.presence = ${q.presence}`);
  if (q.locationId !== undefined)
    where.push(q.presence ? sql`s.presence_location_id = ${q.locationId}` : sql`s.last_location_id = ${q.locationId}`);
  // each bound on last_seen_at also bounds its minute: the index's range (rfid_epc_states_seen_idx)
  if (q.from) where.push(sql`s.last_seen_at >= ${new Date(q.from)} and s.seen_minute >= tagloom_epoch_minute(${new Date(q.from)})`);
  if (q.to) where.push(sql`s.last_seen_at <= ${new Date(q.to)} and s.seen_minute <= tagloom_epoch_minute(${new Date(q.to)})`);
  if (q.cursor) {
    const [t, epc] = decodeCursor(q.cursor);
    where.push(
      sql`s.seen_minute <= tagloom_epoch_minute(${t}::timestamptz)
          and (s.last_seen_at < ${t}::timestamptz or (s.last_seen_at = ${t}::timestamptz and s.epc > ${epc}))`,
    );
  }
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${STATE_COLUMNS}, to_char(s.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "__seen"
        from rfid_epc_states s ${STATE_JOINS}
        where ${sql.join(where, sql` and `)}
        order by s.seen_minute desc nulls last, s.last_seen_at desc, s.epc
        limit ${q.limit + 1}`,
  );
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const list = page.map(({ __seen, ...r }) => {
    const d = decodeForState(String(r.epc)).decoded;
    return { ...r, scheme: d?.scheme ?? null, gtin: d?.gtin ?? null, serial: d?.serial ?? null };
  });
  return { list, next: more && last ? encodeCursor(String(last.__seen), String(last.epc)) : null };
}

const SCREENS = ['rfid/epc-data', 'rfid/epc-state'] as const;

type Place = { code: string; name: string } | null;
const place = (code: unknown, name: unknown): Place => (code ? { code: String(code), name: String(name ?? code) } : null);

/** One EPC's whereabouts as the EPC query shows them (epcStateLookup's state, the reader's name and scene). */
async function whereabouts(db: Tx, session: NonNullable<FastifyRequest['session']>, epc: string) {
  const { state } = await epcStateLookup(db, session.tenantId, epc, session.party);
  if (!state) return { epc, found: false };
  const code = String(state.lastEquipment ?? '');
  const [reader] = code
    ? await queryRows<{ name: string; scene_code: string | null; scene_name: string | null }>(
        db,
        sql`select e.equipment_name as name, sc.scene_code, sc.scene_name from ${equipment} e
            left join ${rfidScenes} sc on sc.tenant_id = e.tenant_id and sc.id = e.scene_id
            where e.tenant_id = ${session.tenantId} and e.equipment_coding = ${code}`,
      )
    : [];
  const presence = (state.presence as string | null) ?? 'unplaced';
  return {
    epc,
    found: true,
    presence,
    presenceSince: state.presenceSince ?? null,
    soldAt: state.soldAt ?? null,
    firstSeenAt: state.firstSeenAt,
    lastSeenAt: state.lastSeenAt,
    readCount: state.readCount,
    // where it is (present, sold: the place; departed: the place it left), else where it was last read
    location: place(state.presenceLocationCode, state.presenceLocationName) ?? place(state.lastLocationCode, state.lastLocationName),
    lastLocation: place(state.lastLocationCode, state.lastLocationName),
    reader: code ? { code, name: reader?.name || code } : null,
    scene: reader?.scene_code ? { code: reader.scene_code, name: reader.scene_name ?? reader.scene_code } : null,
  };
}

export const stateRoutes: FastifyPluginAsyncZod<Services> = async (app) => {
  const db = app.ctx.db;
  // this process's runner of the fold queue: serves while the server does, and its fold under way
  // commits before the database closes
  const runner = foldRunner(app.ctx);
  app.addHook('onClose', () => runner.stop());
  const epcLabels = { epc: fromCatalog('presence.field.epc') };
  const listLabels = {
    ...epcLabels,
    equipment: fromCatalog('presence.field.lastEquipment'),
    locationId: fromCatalog('presence.field.location'),
    presence: fromCatalog('presence.field.presence'),
    from: fromCatalog('presence.field.from'),
    to: fromCatalog('presence.field.to'),
    cursor: fromCatalog('presence.field.cursor'),
    limit: fromCatalog('presence.field.limit'),
  };

  // the integrator's path (issue 13): one EPC's state, decode, tag facts and last 20 lifecycle events
  app.get(
    '/rfid/epc-state/:epc',
    {
      config: { access: { screen: 'rfid/epc-state', action: 'query' }, fieldLabels: epcLabels },
      schema: {
        tags: ['rfid/epc-state'],
        summary:
          "EPC state: one EPC's state (first/last seen, read count, last reader, presence), its decode, its tag registry facts and its last 20 lifecycle events",
        params: z.object({ epc: epcParam() }),
        response: { 200: envelope(row) },
      },
    },
    async (req, reply) => {
      const out = await epcStateLookup(db, req.session!.tenantId, normalizeHex(req.params.epc), req.session!.party);
      return reply.ok({
        ...out,
        refusal: undefined,
        decodeError: decodeError(req.lang, out.refusal),
      });
    },
  );

  // the EPC query's "where is it" beside the tag's identity card (label/epc-query): presence, last
  // seen, location, reader and its scene, from the same party-scoped lookup as the integrator's
  app.get(
    '/label/epc-query/whereabouts',
    {
      config: { access: { screen: 'label/epc-query', action: 'query' }, fieldLabels: epcLabels },
      schema: {
        tags: ['label/epc-query'],
        summary:
          "Where an EPC is: its presence (present, departed, sold, never placed) and since when, last seen, the location, the reader that read it last and that reader's scene (found: false when no reader of the caller's reach read it)",
        querystring: z.object({ epc: epcParam() }),
        response: { 200: envelope(row) },
      },
    },
    async (req, reply) => reply.ok(await whereabouts(db, req.session!, normalizeHex(req.query.epc))),
  );

  for (const screen of SCREENS) {
    app.get(
      `/${screen}/list`,
      {
        config: { access: { screen, action: 'query' }, fieldLabels: listLabels },
        schema: {
          tags: [screen],
          summary: 'EPC states, newest read first, keyset paged (cursor = the previous page’s next)',
          querystring: listQuery,
          response: { 200: listReply },
        },
      },
      async (req, reply) => reply.ok(await listStates(db, req.session!.tenantId, req.query, stateReach(req.session!))),
    );
    app.get(
      `/${screen}/detail`,
      {
        config: { access: { screen, action: 'query' }, fieldLabels: epcLabels },
        schema: {
          tags: [screen],
          summary: "One EPC's state, decode, tag facts and last 20 lifecycle events (the row's drawer)",
          querystring: z.object({ epc: epcParam() }),
          response: { 200: envelope(row) },
        },
      },
      async (req, reply) => {
        const out = await epcStateLookup(db, req.session!.tenantId, normalizeHex(req.query.epc), req.session!.party);
        return reply.ok({
          ...out,
          refusal: undefined,
          decodeError: decodeError(req.lang, out.refusal),
        });
      },
    );
    app.get(
      `/${screen}/locations`,
      {
        config: { access: { screen, action: 'query' } },
        schema: {
          tags: [screen],
          summary: "The tenant's locations to filter by (id, code, name)",
          response: { 200: envelope(z.object({ list: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })) })) },
        },
      },
      async (req, reply) => {
        // a user bound to a party: the places its location screen shows (its own store or warehouse)
        const places = tableOf('tenant/location')!;
        const mine = partyCondition(declarationOf('tenant/location')!, places, req.session!);
        const list = await queryRows<{ id: number; code: string; name: string }>(
          db,
          sql`select id::float8 as id, code, name from ${places} where tenant_id = ${req.session!.tenantId} ${mine ? sql`and ${mine}` : sql``} order by code limit 1000`,
        );
        return reply.ok({ list });
      },
    );
  }

  app.get(
    '/rfid/epc-state/counts',
    {
      config: { access: { screen: 'rfid/epc-state', action: 'query' }, fieldLabels: listLabels },
      schema: {
        tags: ['rfid/epc-state'],
        summary: 'Tags by presence state (present, departed, sold, never placed), optionally at one location',
        querystring: z.object({ locationId: z.coerce.number().int().positive().optional() }),
        response: {
          200: envelope(z.object({ present: z.number(), departed: z.number(), sold: z.number(), unplaced: z.number(), total: z.number() })),
        },
      },
    },
    async (req, reply) =>
      reply.ok(
        // the session's own tenant, as the list beside them (a platform session lists no tenant's tags)
        await countByPresence(
          db,
          (t, ...more) => req.scope.where(t, ...more),
          req.query.locationId,
          stateReach(req.session!, sql.raw('rfid_epc_states')),
        ),
      ),
  );
};
