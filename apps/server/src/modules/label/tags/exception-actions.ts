/**
 * The actions on label exceptions — handle (with a note) and clear — for every screen that shows
 * them: label/exception (all sites) and the screens of one kind of site over the same rows
 * (warehouse/abnormal-label). Each screen gets its own two routes, asking its own button and
 * reaching only the rows its list shows (the screen's generic scope: tenant, party, its hook's).
 * Several rows at once; a row in another state is refused naming it.
 */
import { idList, L, TAG_EXCEPTION_STATE } from '@tagloom/domain';
import { and, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../../app.js';
import type { SessionInfo } from '../../../core/context.js';
import { envelope } from '../../../core/envelope.js';
import { conflict, notFound } from '../../../core/errors.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import type { Tx } from '../../../db/client.js';
import { exceptionDetail, exceptionReason, releaseTags } from './service.js';
import { labelTagExceptions } from './tables.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const READ_ONLY: ResourceHooks = { omitRoutes: ['create', 'update', 'delete', 'template', 'import'] };

/**
 * An exception screen's hooks on the generic list, get and export (rows come from the writers that
 * find them): the stored reason (a message key with its values) worded in the session's language as
 * `detail`, and as `reason` for the console to word in its own. `scope`: the rows of this screen.
 */
export const exceptionHooks = (scope?: ResourceHooks['scope']): ResourceHooks => ({
  ...READ_ONLY,
  ...(scope ? { scope } : {}),
  decorate: async (rows, { session }) =>
    rows.map((r) => ({ ...r, detail: exceptionDetail(r.detail, session.lang), reason: exceptionReason(r.detail) })),
  rowFields: { reason: z.object({ key: z.string(), params: z.record(z.string(), z.unknown()) }).nullable() },
});

const noteLabels = { note: L('处理说明', '處理說明', 'Handling note'), ids: L('异常', '異常', 'Exceptions') };

/** An exception row as an action's guard sees it: where it was found. */
export interface ExceptionAt {
  id: number;
  epc: string;
  siteId: number | null;
  zoneId: number | null;
}

/** What a screen adds to the actions: a check of the rows about to move (a warehouse's grants), in the action's transaction. */
export interface ExceptionActionOptions {
  guard?: (tx: Tx, session: SessionInfo, rows: ExceptionAt[]) => Promise<void>;
  /** what the screen records of a move done (a warehouse's log), in the action's transaction */
  after?: (tx: Tx, session: SessionInfo, move: ExceptionMove) => Promise<void>;
}

/** A move of exception rows: the action, each row with the state it left, the state it reached and the note given. */
export interface ExceptionMove {
  action: 'handle' | 'clear';
  rows: (ExceptionAt & { from: number })[];
  to: number;
  note?: string;
}

/** `POST /api/<code>/handle` and `/clear` for the exception screen `code`. */
export const exceptionActionRoutes =
  (code: string, opts: ExceptionActionOptions = {}): FastifyPluginAsyncZod<Services> =>
  async (app, services) => {
    const db = app.ctx.db;
    const move = (action: 'handle' | 'clear', from: number[], to: number) => async (session: SessionInfo, ids: number[], note?: string) => {
      const screen = services.resources.get(code)!;
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({
            id: labelTagExceptions.id,
            state: labelTagExceptions.state,
            epc: labelTagExceptions.epc,
            siteId: labelTagExceptions.siteId,
            zoneId: labelTagExceptions.zoneId,
          })
          .from(labelTagExceptions)
          .where(screen.scope(session, inArray(labelTagExceptions.id, ids)))
          .for('update');
        if (rows.length < ids.length) throw notFound('tags.exception');
        const wrong = rows.find((r) => !from.includes(Number(r.state)));
        if (wrong) throw conflict(`tags.exceptionNot.${action}`, { epc: wrong.epc });
        const at = rows.map((r) => ({ id: Number(r.id), epc: r.epc, siteId: num(r.siteId), zoneId: num(r.zoneId) }));
        await opts.guard?.(tx, session, at);
        const now = new Date();
        await tx
          .update(labelTagExceptions)
          .set({
            state: to,
            ...(note !== undefined ? { note } : {}),
            ...(action === 'handle' ? { handledBy: session.username.slice(0, 64), handledAt: now } : {}),
            updatedAt: now,
          })
          .where(and(screen.scope(session), inArray(labelTagExceptions.id, ids)));
        // a good label no longer abnormal gets back the status it had (TAG_EXCEPTION_HOLDS)
        if (action === 'clear')
          await releaseTags(
            tx,
            session.tenantId,
            at.map((r) => r.epc),
          );
        await opts.after?.(tx, session, { action, rows: at.map((r, i) => ({ ...r, from: Number(rows[i]!.state) })), to, note });
        return rows.length;
      });
    };
    const handle = move('handle', [TAG_EXCEPTION_STATE.PENDING], TAG_EXCEPTION_STATE.HANDLED);
    const clear = move('clear', [TAG_EXCEPTION_STATE.PENDING, TAG_EXCEPTION_STATE.HANDLED], TAG_EXCEPTION_STATE.CLEARED);
    app.post(
      `/${code}/handle`,
      {
        config: { access: { screen: code, action: 'handle' }, fieldLabels: noteLabels },
        schema: {
          tags: [code],
          summary: 'Label exceptions: mark pending ones handled, with a note',
          body: z.object({ ids: idList(), note: z.string().trim().min(1).max(256) }),
          response: { 200: envelope(z.object({ count: z.number() })) },
        },
      },
      async (req, reply) => {
        const count = await handle(req.session!, req.body.ids, req.body.note);
        return reply.ok({ count }, 'tags.exceptionDone.handle', { count });
      },
    );
    app.post(
      `/${code}/clear`,
      {
        config: { access: { screen: code, action: 'clear' }, fieldLabels: noteLabels },
        schema: {
          tags: [code],
          summary: 'Label exceptions: clear pending or handled ones (they leave the to-do list)',
          body: z.object({ ids: idList(), note: z.string().trim().max(256).optional() }),
          response: { 200: envelope(z.object({ count: z.number() })) },
        },
      },
      async (req, reply) => {
        const count = await clear(req.session!, req.body.ids, req.body.note);
        return reply.ok({ count }, 'tags.exceptionDone.clear', { count });
      },
    );
  };
