/**
 * GS1's EPCIS 2.0 REST binding under /api/epcis (JSON / JSON-LD): discovery, capture, the events
 * and their query, the top-level resources and named queries (subscriptions: webhooks in
 * subscriptions.ts, WebSockets — the handshake of GET /queries/{name}/events — in sockets.ts).
 * Answers are the binding's own documents (EPCISQueryDocument, Collection, capture jobs), never the
 * platform's {code, msg, data}; refusals are its problem documents (application/problem+json).
 *
 * Who calls: a user's session (`token`, or `Authorization: Bearer` with it) or an integration key
 * (`Authorization: Bearer tlk_…`, tenant/integration-key) — core/access.ts decides, in one place: a
 * query needs the lifecycle's Query button (a key: its query scope), a capture or a subscription the
 * integration keys' Add (a key: its capture or subscribe scope). A key acts as its user: that user's
 * party scope applies to every query (query.ts).
 */
import {
  CBV_BIZ_STEPS,
  CBV_DISPOSITIONS,
  decodePageToken,
  discoveryHeaders,
  EPCIS_CONTEXT,
  EPCIS_QUERY_EVENT_TYPES,
  type EpcisQuery,
  type EpcisQueryValue,
  encodePageToken,
  epcisProblem,
  isEpcisProblem,
  nextCronFire,
  PROBLEM_JSON,
  parseEpcFormat,
  parseEpcisQuery,
  placeUri,
  readEvent,
  toQueryDocument,
} from '@tagloom/domain';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../app.js';
import type { Access, SessionInfo } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { placeTree } from '../../tenant/places/zones.js';
import { epcUri } from '../tags/decode.js';
import { reachOf } from '../tags/service.js';
import { placeOf } from '../tags/store.js';
import { labelTags } from '../tags/tables.js';
import { CAPTURE_FILE_SIZE_LIMIT, CAPTURE_LIMIT, type ErrorBehaviour, startCapture, storeOneEvent } from './capture.js';
import { destRefusal } from './dest-guard.js';
import { type QueryPlace, queryEvents } from './query.js';
import { parseDocument } from './read.js';
import { prepareCapture } from './read-pool.js';
import { eventOf } from './serve.js';
import { QuerySockets, SOCKET_CONTROLS, socketControls, WEBSOCKET_HANDSHAKE } from './sockets.js';
import { DELIVER_TOPIC, scheduleCron } from './subscriptions.js';
import { CAPTURE_STATUS, epcisCaptures, epcisQueries, epcisSubscriptions, SUBSCRIPTION_STATUS } from './tables.js';

const QUERY: Access = { screen: 'label/lifecycle', action: 'query', integration: 'query' };
const CAPTURE: Access = { screen: 'tenant/integration-key', action: 'add', integration: 'capture' };
const SUBSCRIBE: Access = { screen: 'tenant/integration-key', action: 'add', integration: 'subscribe' };
/** The tags OpenAPI files the binding's routes under. */
const tags = ['epcis'];

/** The binding's discovery headers, as every answer carries them. */
const HEADERS = discoveryHeaders({
  captureLimit: CAPTURE_LIMIT,
  captureFileSizeLimit: CAPTURE_FILE_SIZE_LIMIT,
  captureErrorBehaviour: 'all',
  epcFormat: 'No_Preference',
});

/** A refusal as the binding's problem document. */
function problemFrom(err: unknown): { status: number; body: Record<string, unknown> } {
  if (isEpcisProblem(err)) return { status: err.status, body: { ...err.problem } };
  if (err instanceof AppError) {
    const kind =
      err.status === 401 || err.status === 403
        ? 'SecurityException'
        : err.status === 404
          ? 'NoSuchResourceException'
          : err.status === 413
            ? 'CaptureLimitExceededException'
            : err.status < 500
              ? 'ValidationException'
              : 'ImplementationException';
    const p = epcisProblem(kind, err.key);
    return { status: err.status, body: { ...p.problem, status: err.status } };
  }
  const e = err as FastifyError;
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return {
      status: 413,
      body: { ...epcisProblem('CaptureLimitExceededException', `more than ${CAPTURE_FILE_SIZE_LIMIT} bytes`).problem },
    };
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return {
      status: 415,
      body: { ...epcisProblem('UnsupportedMediaTypeException', 'send application/json or application/ld+json').problem },
    };
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500)
    return { status: e.statusCode, body: { ...epcisProblem('ValidationException', e.message).problem, status: e.statusCode } };
  return { status: 500, body: { ...epcisProblem('ImplementationException', 'the repository failed to answer').problem } };
}

/** The query parameters of a request as the domain reads them (repeated ones as lists). */
const paramsOf = (req: FastifyRequest) => req.query as Record<string, EpcisQueryValue>;

/** The token a page's cursor is bound by: the tenant and the query's own parameters (a page of one query does not start another). */
const tokenSecret = (session: SessionInfo, params: Record<string, EpcisQueryValue>) =>
  `${session.tenantId}|${JSON.stringify(
    Object.entries(params)
      .filter(([k]) => k !== 'nextPageToken' && k !== 'perPage')
      .sort(),
  )}`;

export const epcisRoutes: FastifyPluginAsyncZod<Services> = async (root) => {
  // subscriptions over WebSocket: the server's handshakes go through the router to the route below
  const sockets = new QuerySockets(root.ctx);
  root.addConstraintStrategy(sockets.strategy());
  const onUpgrade = sockets.upgrade.bind(sockets, root);
  root.server.on('upgrade', onUpgrade);
  root.addHook('preClose', async () => {
    root.server.off('upgrade', onUpgrade);
    await sockets.close();
  });
  await root.register(
    async (app) => {
      app.removeContentTypeParser('application/json');
      // the document is read by the capture (its faults told as the binding's problems, not a 400 of the framework)
      app.addContentTypeParser(
        ['application/json', 'application/ld+json'],
        { parseAs: 'string', bodyLimit: CAPTURE_FILE_SIZE_LIMIT },
        (_req, body, done) => done(null, body),
      );
      app.setErrorHandler((err, req, reply) => {
        const { status, body } = problemFrom(err);
        if (status >= 500) req.log.error({ err }, 'EPCIS interface error');
        return reply.status(status).headers(HEADERS).type(PROBLEM_JSON).send(body);
      });
      app.addHook('onSend', async (_req, reply, payload) => {
        reply.headers(HEADERS);
        return payload;
      });

      const placeFor = async (session: SessionInfo): Promise<QueryPlace> => {
        const p = await placeOf(app.ctx.db, session.tenantId);
        return { tenantCode: session.tenantCode, companyPrefixLength: p.companyPrefixLength };
      };

      /** A page of a query's events as an EPCISQueryDocument, the next page's link when there is one. */
      const answerQuery = async (
        req: FastifyRequest,
        reply: FastifyReply,
        q: EpcisQuery,
        params: Record<string, EpcisQueryValue>,
        opts: { queryName?: string; single?: boolean } = {},
      ) => {
        const session = req.session!;
        const format = parseEpcFormat(req.headers['gs1-epc-format'] as string | undefined);
        const secret = tokenSecret(session, params);
        const cursor = q.nextPageToken ? decodePageToken(q.nextPageToken, { secret }) : undefined;
        // eventCountLimit caps the events of all the pages together: a page's token carries what is left
        const left = q.eventCountLimit === undefined ? undefined : Math.min(q.eventCountLimit, cursor?.left ?? q.eventCountLimit);
        const limit = left !== undefined ? Math.min(q.perPage, left) : q.perPage;
        const place = await placeFor(session);
        const { rows, more } = await queryEvents(app.ctx.db, session, q, place, {
          limit,
          cursor: cursor ? { value: String(cursor.value), id: Number(cursor.id) } : undefined,
        });
        if (opts.single && !rows.length) throw epcisProblem('NoSuchResourceException', 'no such event');
        const doc = toQueryDocument(
          rows.map((r) => eventOf(r, session.tenantCode)),
          { queryName: opts.queryName ?? 'SimpleEventQuery', epcFormat: format, companyPrefixLength: place.companyPrefixLength },
        );
        const rest = left === undefined ? undefined : left - rows.length;
        if (more && rows.length && (rest === undefined || rest > 0)) {
          const last = rows[rows.length - 1];
          const token = encodePageToken(
            { value: last.orderValue ?? last.eventTime, id: last.id, ...(rest !== undefined ? { left: rest } : {}) },
            { secret },
          );
          const url = new URL(req.url, 'http://x');
          url.searchParams.set('nextPageToken', token);
          reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
        }
        return reply.type('application/json').send(doc);
      };

      const collection = (member: readonly string[]) => ({ '@context': [EPCIS_CONTEXT], type: 'Collection', member });

      // discovery
      for (const url of [
        '/',
        '/capture',
        '/events',
        '/queries',
        '/eventTypes',
        '/epcs',
        '/bizSteps',
        '/bizLocations',
        '/readPoints',
        '/dispositions',
      ])
        app.options(url, { config: { access: 'public' }, schema: { tags, summary: `EPCIS: discovery of ${url}` } }, async (_req, reply) =>
          reply.status(204).send(),
        );
      app.get('/', { config: { access: QUERY }, schema: { tags, summary: 'EPCIS: the repository’s resources' } }, async (_req, reply) =>
        reply
          .type('application/json')
          .send(
            collection(['capture', 'events', 'eventTypes', 'epcs', 'bizSteps', 'bizLocations', 'readPoints', 'dispositions', 'queries']),
          ),
      );

      // capture
      app.post(
        '/capture',
        {
          bodyLimit: CAPTURE_FILE_SIZE_LIMIT,
          config: { access: CAPTURE, ownBody: true },
          schema: {
            tags,
            summary: `EPCIS: capture an EPCISDocument (or EPCISQueryDocument) of at most ${CAPTURE_LIMIT} events: 202 with the capture job's Location; GS1-Capture-Error-Behaviour rollback (default: any invalid event refuses the whole document, 400) or proceed (the valid events are stored, the others listed in the job's errors)`,
          },
        },
        async (req, reply) => {
          const session = req.session!;
          const behaviour = behaviourOf(req);
          const text = typeof req.body === 'string' ? req.body : '';
          // read off the event loop when large (read-pool.ts), into the rows its job stores
          const cpl = (await placeOf(app.ctx.db, session.tenantId)).companyPrefixLength;
          const prepared = await prepareCapture(text, cpl);
          const { total, errors } = prepared;
          if (errors.length && behaviour === 'rollback') {
            const first = errors[0];
            throw epcisProblem(
              'ValidationException',
              `${errors.length} of ${total} events refused, nothing captured: ${first.detail}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`,
            );
          }
          const id = await startCapture(app.ctx, session, prepared, behaviour);
          return reply.status(202).header('Location', `/api/epcis/capture/${id}`).send();
        },
      );
      app.get(
        '/capture',
        { config: { access: CAPTURE }, schema: { tags, summary: 'EPCIS: the capture jobs, newest first' } },
        async (req, reply) => {
          const session = req.session!;
          const q = req.query as { perPage?: string; nextPageToken?: string };
          const perPage = Math.max(1, Math.min(1000, Number(q.perPage) || 30));
          const secret = `${session.tenantId}|captures`;
          const before = q.nextPageToken ? Number(decodePageToken(q.nextPageToken, { secret }).id) : undefined;
          const rows = await app.ctx.db
            .select()
            .from(epcisCaptures)
            .where(and(eq(epcisCaptures.tenantId, session.tenantId), mineOnly(session), before ? lt(epcisCaptures.id, before) : undefined))
            .orderBy(desc(epcisCaptures.id))
            .limit(perPage + 1);
          if (rows.length > perPage) {
            const token = encodePageToken({ value: null, id: rows[perPage - 1].id }, { secret });
            reply.header('Link', `</api/epcis/capture?perPage=${perPage}&nextPageToken=${token}>; rel="next"`);
          }
          return reply.type('application/json').send(rows.slice(0, perPage).map(captureJob));
        },
      );
      app.get(
        '/capture/:captureID',
        { config: { access: CAPTURE }, schema: { tags, summary: 'EPCIS: a capture job: running, success, errors' } },
        async (req, reply) => {
          const session = req.session!;
          const id = Number((req.params as { captureID: string }).captureID);
          const [row] = Number.isSafeInteger(id)
            ? await app.ctx.db
                .select()
                .from(epcisCaptures)
                .where(and(eq(epcisCaptures.tenantId, session.tenantId), mineOnly(session), eq(epcisCaptures.id, id)))
            : [];
          if (!row) throw epcisProblem('NoSuchResourceException', `no capture ${(req.params as { captureID: string }).captureID}`);
          return reply.type('application/json').send(captureJob(row));
        },
      );
      app.post(
        '/events',
        { config: { access: CAPTURE, ownBody: true }, schema: { tags, summary: 'EPCIS: capture one event: 201 with its Location' } },
        async (req, reply) => {
          const session = req.session!;
          const event = readEvent(parseDocument(typeof req.body === 'string' ? req.body : ''));
          const eventId = await storeOneEvent(app.ctx, session, event);
          return reply
            .status(201)
            .header('Location', `/api/epcis/events/${encodeURIComponent(eventId)}`)
            .send();
        },
      );

      // events and the query
      app.get(
        '/events',
        {
          config: { access: QUERY },
          schema: { tags, summary: 'EPCIS: the events a SimpleEventQuery finds (its parameters in the query string), a page at a time' },
        },
        async (req, reply) => {
          const params = paramsOf(req);
          return answerQuery(req, reply, parseEpcisQuery(params), params);
        },
      );
      app.get(
        '/events/:eventID',
        { config: { access: QUERY }, schema: { tags, summary: 'EPCIS: one event by its eventID' } },
        async (req, reply) => {
          const id = (req.params as { eventID: string }).eventID;
          return answerQuery(req, reply, parseEpcisQuery({ EQ_eventID: id }, { source: 'json' }), { EQ_eventID: id }, { single: true });
        },
      );

      // top-level resources: their members, and each one's events
      const resource = (
        path: string,
        members: (session: SessionInfo, req: FastifyRequest, reply: FastifyReply) => Promise<readonly string[]>,
        param: string,
        known?: (v: string) => boolean,
      ) => {
        app.get(`/${path}`, { config: { access: QUERY }, schema: { tags, summary: `EPCIS: the ${path}` } }, async (req, reply) =>
          reply.type('application/json').send(collection(await members(req.session!, req, reply))),
        );
        app.get(
          `/${path}/:value`,
          { config: { access: QUERY }, schema: { tags, summary: `EPCIS: one of the ${path}` } },
          async (req, reply) => {
            const v = (req.params as { value: string }).value;
            if (known && !known(v)) throw epcisProblem('NoSuchResourceException', `no ${path} ${v}`);
            return reply.type('application/json').send(collection(['events']));
          },
        );
        app.get(
          `/${path}/:value/events`,
          { config: { access: QUERY }, schema: { tags, summary: `EPCIS: the events of one of the ${path}` } },
          async (req, reply) => {
            const v = (req.params as { value: string }).value;
            if (known && !known(v)) throw epcisProblem('NoSuchResourceException', `no ${path} ${v}`);
            const params = { ...paramsOf(req), [param]: v };
            return answerQuery(req, reply, parseEpcisQuery({ ...paramsOf(req), [param]: [v] }), params);
          },
        );
      };
      resource(
        'eventTypes',
        async () => EPCIS_QUERY_EVENT_TYPES,
        'eventType',
        (v) => (EPCIS_QUERY_EVENT_TYPES as readonly string[]).includes(v),
      );
      resource('bizSteps', async () => CBV_BIZ_STEPS, 'EQ_bizStep');
      resource('dispositions', async () => CBV_DISPOSITIONS, 'EQ_disposition');
      const placeUris = async (session: SessionInfo) => {
        const place = await placeOf(app.ctx.db, session.tenantId);
        return (await placeTree(app.ctx.db, session.tenantId)).map((l) =>
          placeUri({ tenant: session.tenantCode, code: l.code, gln: l.gln, companyPrefixLength: place.companyPrefixLength }),
        );
      };
      resource('bizLocations', placeUris, 'EQ_bizLocation');
      resource('readPoints', placeUris, 'EQ_readPoint');
      // the tenant's tags (those its caller reaches), as pure-identity URIs, a page at a time by tag
      resource(
        'epcs',
        async (session, req, reply) => {
          const q = req.query as { perPage?: string; nextPageToken?: string };
          const perPage = Math.max(1, Math.min(1000, Number(q.perPage) || 30));
          const secret = `${session.tenantId}|epcs`;
          const after = q.nextPageToken ? Number(decodePageToken(q.nextPageToken, { secret }).id) : 0;
          const reach = reachOf(session, labelTags.orderId, labelTags.epc);
          const rows = await app.ctx.db
            .select({ id: labelTags.id, epc: labelTags.epc })
            .from(labelTags)
            .where(and(eq(labelTags.tenantId, session.tenantId), gt(labelTags.id, after), sql`${labelTags.epc} <> ''`, reach))
            .orderBy(labelTags.id)
            .limit(perPage + 1);
          if (rows.length > perPage)
            reply.header(
              'Link',
              `</api/epcis/epcs?perPage=${perPage}&nextPageToken=${encodePageToken({ value: null, id: rows[perPage - 1].id }, { secret })}>; rel="next"`,
            );
          return rows.slice(0, perPage).map((r) => epcUri(r.epc));
        },
        'MATCH_anyEPC',
      );

      // named queries
      app.get('/queries', { config: { access: QUERY }, schema: { tags, summary: 'EPCIS: the named queries' } }, async (req, reply) => {
        const rows = await app.ctx.db
          .select()
          .from(epcisQueries)
          .where(eq(epcisQueries.tenantId, req.session!.tenantId))
          .orderBy(epcisQueries.name);
        return reply.type('application/json').send(rows.map((r) => ({ name: r.name, query: r.query })));
      });
      app.post(
        '/queries',
        {
          config: { access: QUERY, ownBody: true },
          schema: { tags, summary: 'EPCIS: a named query: { name, query: { parameters of GET /events } } → 201' },
        },
        async (req, reply) => {
          const session = req.session!;
          const body = parseDocument(typeof req.body === 'string' ? req.body : '') as { name?: unknown; query?: unknown };
          const name = typeof body?.name === 'string' ? body.name.trim() : '';
          if (!/^[A-Za-z0-9._~-]{1,64}$/.test(name)) throw epcisProblem('ValidationException', 'name: 1 to 64 of A-Z a-z 0-9 . _ ~ -');
          const query =
            body?.query && typeof body.query === 'object' && !Array.isArray(body.query)
              ? (body.query as Record<string, EpcisQueryValue>)
              : null;
          if (!query) throw epcisProblem('ValidationException', 'query: an object of the query parameters');
          parseEpcisQuery(query, { source: 'json' });
          const [made] = await app.ctx.db
            .insert(epcisQueries)
            .values({ tenantId: session.tenantId, name, query, userId: session.userId })
            .onConflictDoNothing()
            .returning({ name: epcisQueries.name });
          if (!made) throw epcisProblem('ResourceAlreadyExistsException', `a query named ${name} exists`);
          return reply
            .status(201)
            .header('Location', `/api/epcis/queries/${encodeURIComponent(name)}`)
            .send();
        },
      );
      const namedQuery = async (session: SessionInfo, name: string) => {
        const [row] = await app.ctx.db
          .select()
          .from(epcisQueries)
          .where(and(eq(epcisQueries.tenantId, session.tenantId), eq(epcisQueries.name, name)));
        if (!row) throw epcisProblem('NoSuchNameException', `no query named ${name}`);
        return row;
      };
      app.get('/queries/:name', { config: { access: QUERY }, schema: { tags, summary: 'EPCIS: a named query' } }, async (req, reply) => {
        const row = await namedQuery(req.session!, (req.params as { name: string }).name);
        return reply.type('application/json').send({ name: row.name, query: row.query });
      });
      app.delete(
        '/queries/:name',
        { config: { access: QUERY }, schema: { tags, summary: 'EPCIS: delete a named query (and its subscriptions)' } },
        async (req, reply) => {
          const session = req.session!;
          const row = await namedQuery(session, (req.params as { name: string }).name);
          await app.ctx.db.transaction(async (tx) => {
            await tx
              .delete(epcisSubscriptions)
              .where(and(eq(epcisSubscriptions.tenantId, session.tenantId), eq(epcisSubscriptions.queryName, row.name)));
            await tx.delete(epcisQueries).where(and(eq(epcisQueries.tenantId, session.tenantId), eq(epcisQueries.name, row.name)));
          });
          // its WebSockets closed: this process's at once, the others' as the bus wakes them
          sockets.closeQuery(session.tenantId, row.name);
          await app.ctx.bus.emit(DELIVER_TOPIC);
          return reply.status(204).send();
        },
      );
      app.get(
        '/queries/:name/events',
        {
          config: { access: QUERY },
          schema: {
            tags,
            summary:
              'EPCIS: the events of a named query, a page at a time. With Upgrade: websocket and stream=true or a schedule (second, minute, hour, dayOfMonth, month, dayOfWeek; reportIfEmpty, initialRecordTime): a subscription over WebSocket (101), each message an EPCISQueryDocument',
          },
        },
        async (req, reply) => {
          const row = await namedQuery(req.session!, (req.params as { name: string }).name);
          const own = row.query as Record<string, EpcisQueryValue>;
          const paging = paramsOf(req);
          const control = Object.keys(paging).find((k) => SOCKET_CONTROLS.includes(k));
          if (control)
            throw epcisProblem(
              'SubscriptionControlsException',
              `${control}: a subscription by stream or a schedule is made over a WebSocket (Upgrade: websocket), or with POST /queries/{name}/subscriptions`,
            );
          const q = {
            ...parseEpcisQuery(own, { source: 'json' }),
            ...pick(parseEpcisQuery(paging), ['perPage', 'nextPageToken']),
          };
          return answerQuery(req, reply, q, { ...own, name: row.name }, { queryName: row.name });
        },
      );

      // the same URL's WebSocket handshake: a subscription by stream=true or a schedule (sockets.ts)
      app.get(
        '/queries/:name/events',
        {
          constraints: WEBSOCKET_HANDSHAKE,
          config: { access: SUBSCRIBE },
          schema: { tags, hide: true, summary: 'EPCIS: subscribe to a named query over WebSocket' },
        },
        async (req, reply) => {
          const session = req.session!;
          const row = await namedQuery(session, (req.params as { name: string }).name);
          const controls = socketControls(paramsOf(req));
          const owner = { tenantId: session.tenantId, userId: session.userId, keyId: session.integrationKeyId, queryName: row.name };
          await sockets.accept(req, reply, owner, controls, HEADERS);
        },
      );

      // subscriptions of a named query: webhooks sent its new events (subscriptions.ts delivers them)
      const subscriptionOf = (r: typeof epcisSubscriptions.$inferSelect) => ({
        subscriptionID: String(r.id),
        dest: r.dest,
        createdAt: r.createdAt.toISOString(),
        ...(r.lastNotifiedAt ? { lastNotifiedAt: r.lastNotifiedAt.toISOString() } : {}),
        ...(r.stream ? { stream: true } : { schedule: r.schedule }),
        reportIfEmpty: r.reportIfEmpty,
        ...(r.initialRecordTime ? { initialRecordTime: r.initialRecordTime.toISOString() } : {}),
        status: r.status === SUBSCRIPTION_STATUS.ACTIVE ? 'active' : 'suspended',
        delivered: r.delivered,
        ...(r.lastError ? { lastError: r.lastError } : {}),
      });
      app.post(
        '/queries/:name/subscriptions',
        {
          config: { access: SUBSCRIBE, ownBody: true },
          schema: {
            tags,
            summary:
              'EPCIS: subscribe a webhook to a named query: { dest, signatureToken?, stream: true | schedule: { second?, minute?, hour?, dayOfMonth?, month?, dayOfWeek? }, reportIfEmpty?, initialRecordTime? } → 201. Deliveries are EPCISQueryDocuments signed GS1-Signature: sha256=<HMAC-SHA256 of the body under signatureToken>',
          },
        },
        async (req, reply) => {
          const session = req.session!;
          const row = await namedQuery(session, (req.params as { name: string }).name);
          const body = parseDocument(typeof req.body === 'string' ? req.body : '') as Record<string, unknown>;
          const bad = (detail: string) => epcisProblem('SubscriptionControlsException', detail);
          const dest = typeof body?.dest === 'string' ? body.dest.trim() : '';
          let url: URL | null = null;
          try {
            url = new URL(dest);
          } catch {
            url = null;
          }
          if (!url || !/^https?:$/.test(url.protocol) || dest.length > 1000) throw bad('dest: an http(s) URL the events are posted to');
          const token = body.signatureToken === undefined ? '' : typeof body.signatureToken === 'string' ? body.signatureToken : null;
          if (token === null || token.length > 500) throw bad('signatureToken: a text of at most 500 characters');
          const stream = body.stream === true;
          const schedule =
            body.schedule && typeof body.schedule === 'object' && !Array.isArray(body.schedule)
              ? (body.schedule as Record<string, unknown>)
              : null;
          if (stream === !!schedule) throw bad('give either stream: true or a schedule');
          const cron = schedule ? scheduleCron(schedule) : null;
          if (schedule && !cron) throw bad('schedule: its fields do not make a valid schedule');
          const initial =
            body.initialRecordTime === undefined
              ? null
              : typeof body.initialRecordTime === 'string'
                ? new Date(body.initialRecordTime)
                : new Date(Number.NaN);
          if (initial && Number.isNaN(initial.getTime())) throw bad('initialRecordTime: a date-time');
          // never a loopback, private or link-local address, nor a name of one (unless configured so: dest-guard.ts)
          const refused = await destRefusal(dest, { allowPrivate: app.ctx.config.epcis.webhookAllowPrivate });
          if (refused) throw bad(`dest: ${refused}`);
          const now = new Date();
          const [made] = await app.ctx.db
            .insert(epcisSubscriptions)
            .values({
              tenantId: session.tenantId,
              queryName: row.name,
              dest,
              signatureToken: token,
              reportIfEmpty: body.reportIfEmpty === true,
              stream,
              schedule,
              initialRecordTime: initial,
              // the events recorded from its start (or from now), after the cursor
              cursorTime: initial ? new Date(initial.getTime() - 1) : now,
              cursorId: 0,
              nextAttemptAt: cron ? (nextCronFire(cron, now, { utc: true }) ?? now) : now,
              userId: session.userId,
              keyId: session.integrationKeyId ?? null,
            })
            .returning();
          return reply
            .status(201)
            .header('Location', `/api/epcis/queries/${encodeURIComponent(row.name)}/subscriptions/${made.id}`)
            .type('application/json')
            .send(subscriptionOf(made));
        },
      );
      app.get(
        '/queries/:name/subscriptions',
        { config: { access: SUBSCRIBE }, schema: { tags, summary: 'EPCIS: the subscriptions of a named query' } },
        async (req, reply) => {
          const session = req.session!;
          const row = await namedQuery(session, (req.params as { name: string }).name);
          const rows = await app.ctx.db
            .select()
            .from(epcisSubscriptions)
            .where(and(eq(epcisSubscriptions.tenantId, session.tenantId), eq(epcisSubscriptions.queryName, row.name)))
            .orderBy(epcisSubscriptions.id);
          return reply.type('application/json').send(rows.map(subscriptionOf));
        },
      );
      const oneSubscription = async (req: FastifyRequest) => {
        const session = req.session!;
        const { name, id } = req.params as { name: string; id: string };
        const row = await namedQuery(session, name);
        const n = Number(id);
        const [sub] = Number.isSafeInteger(n)
          ? await app.ctx.db
              .select()
              .from(epcisSubscriptions)
              .where(
                and(
                  eq(epcisSubscriptions.tenantId, session.tenantId),
                  eq(epcisSubscriptions.queryName, row.name),
                  eq(epcisSubscriptions.id, n),
                ),
              )
          : [];
        if (!sub) throw epcisProblem('NoSuchResourceException', `no subscription ${id} of ${name}`);
        return sub;
      };
      app.get(
        '/queries/:name/subscriptions/:id',
        { config: { access: SUBSCRIBE }, schema: { tags, summary: 'EPCIS: one subscription' } },
        async (req, reply) => reply.type('application/json').send(subscriptionOf(await oneSubscription(req))),
      );
      app.delete(
        '/queries/:name/subscriptions/:id',
        { config: { access: SUBSCRIBE }, schema: { tags, summary: 'EPCIS: unsubscribe' } },
        async (req, reply) => {
          const sub = await oneSubscription(req);
          await app.ctx.db
            .delete(epcisSubscriptions)
            .where(and(eq(epcisSubscriptions.tenantId, sub.tenantId), eq(epcisSubscriptions.id, sub.id)));
          return reply.status(204).send();
        },
      );
    },
    { prefix: '/epcis' },
  );
};

/** A party's user (or a key acting as one) reads its own captures; a tenant-wide user every capture of its tenant. */
const mineOnly = (session: SessionInfo) => (session.party ? eq(epcisCaptures.userId, session.userId) : undefined);

/** Some keys of an object. */
function pick<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** GS1-Capture-Error-Behaviour: rollback (default, and for `all`) or proceed. */
function behaviourOf(req: FastifyRequest): ErrorBehaviour {
  const h = String(req.headers['gs1-capture-error-behaviour'] ?? '')
    .trim()
    .toLowerCase();
  if (h === '' || h === 'rollback' || h === 'all') return 'rollback';
  if (h === 'proceed') return 'proceed';
  throw epcisProblem('ValidationException', `GS1-Capture-Error-Behaviour: '${h}' is not rollback, proceed or all`);
}

/** A capture as the binding's capture job document. */
function captureJob(r: typeof epcisCaptures.$inferSelect) {
  const running = r.status === CAPTURE_STATUS.RUNNING;
  const errors = (r.errors as { index: number; type: string; title: string; status: number; detail: string }[]) ?? [];
  return {
    captureID: String(r.id),
    createdAt: r.createdAt.toISOString(),
    ...(r.finishedAt ? { finishedAt: r.finishedAt.toISOString() } : {}),
    running,
    success: r.status === CAPTURE_STATUS.SUCCESS || (running && !errors.length),
    captureErrorBehaviour: r.errorBehaviour,
    errors: errors.map(({ index: _i, ...p }) => p),
    eventsTotal: r.eventsTotal,
    eventsStored: r.eventsStored,
    eventsAlreadyKnown: r.eventsKnown,
  };
}
