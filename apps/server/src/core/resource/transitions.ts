import {
  ACTIONS,
  type ActionCode,
  can,
  fieldSchema,
  id,
  type ResourceDef,
  type StateMachine,
  stateOf,
  transitionOf,
} from '@tagloom/domain';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext, SessionInfo } from '../context.js';
import { envelope } from '../envelope.js';
import { AppError, conflict } from '../errors.js';
import type { ResourceService } from './service.js';

type Row = Record<string, unknown>;
type Api = Parameters<FastifyPluginAsyncZod>[0];

/** Paths the generic resource routes (and their modules) use under /api/<code>/: no action may take one. */
const RESERVED = new Set([
  'list',
  'get',
  'create',
  'update',
  'delete',
  'export',
  'template',
  'import',
  'options',
  'upload',
  'file',
  'files',
  'preview',
  'thumb',
]);

/**
 * Refuse what the machine refuses for this row (a final row's edit or delete, a transition its
 * state does not allow or its guard refuses): 409 with the reason, naming the state. The caller
 * has checked the button (the access hook), so the grant is the action itself.
 */
export function refuseByMachine(def: ResourceDef, action: string, row: Row): void {
  const verdict = can(def, action, { granted: [action], row });
  if (!verdict.can) throw conflict(verdict.reason!.key, verdict.reason!.params);
}

/**
 * A declaration's machine must be one the generic parts can carry: its field an enum field of the
 * machine's state enum that the form does not write (the state moves by the machine only), its
 * actions no path the generic routes take. Checked when the routes are registered (at start).
 */
export function checkMachine(def: ResourceDef): StateMachine {
  const m = def.machine!;
  const field = def.list.find((f) => f.key === m.field);
  const where = `${def.code}: state machine`;
  if (field?.kind !== 'enum' || field.enumName !== m.states) throw new Error(`${where}: ${m.field} must be an enum field of ${m.states}`);
  if (field.form) throw new Error(`${where}: ${m.field} is written by the form; it must move by the machine only (form: false)`);
  for (const action of Object.keys(m.transitions)) {
    if (RESERVED.has(action)) throw new Error(`${where}: the action ${action} would take a generic route's path`);
    if (!Object.hasOwn(ACTIONS, action)) throw new Error(`${where}: ${action} is no button (menu/actions.ts)`);
  }
  return m;
}

/**
 * Move one row by `action`, in one transaction: read it (locked), ask can() (state, guard), one
 * conditional UPDATE … WHERE id = ? AND state IN (from) (and the tenant, for tenant rows), then the
 * screen's onTransition hook. Two concurrent moves cannot both win: the loser finds the row moved
 * and is refused naming the state it is in now. A hook that throws undoes the move.
 */
export async function transition(
  ctx: AppContext,
  service: ResourceService,
  session: SessionInfo,
  action: string,
  rowId: number,
  values: Row = {},
) {
  const { def, table } = service;
  const m = def.machine!;
  const t = transitionOf(m, action);
  if (!t) throw new AppError(404, 404, 'common.notFound', { what: def.names });
  const col = table[m.field];
  const moved = await ctx.db.transaction(async (tx) => {
    const read = () =>
      tx
        .select()
        .from(table)
        .where(service.scope(session, eq(table.id, rowId)))
        .for('update');
    const [before] = (await read()) as Row[];
    if (!before) throw new AppError(404, 404, 'common.notFound', { what: def.names });
    refuseByMachine(def, action, before);
    const [row] = (await tx
      .update(table)
      .set({ ...service.columnsOf(pick(values, t.fields ?? [])), [m.field]: t.to, updatedAt: new Date() })
      .where(service.scope(session, eq(table.id, rowId), inArray(col, [...t.from])))
      .returning()) as Row[];
    if (!row) {
      // moved by someone else since it was read: refused naming the state it is in now
      const [now] = (await read()) as Row[];
      if (now) refuseByMachine(def, action, now);
      throw conflict('machine.illegal', { state: stateOf(m, now?.[m.field])?.label ?? '-', action: ACTIONS[action as ActionCode] });
    }
    const hook = service.hooks.transitions?.[action];
    if (!hook) return row;
    await hook(tx, row, { action, session, before });
    const [after] = (await read()) as Row[];
    return after;
  });
  await service.hooks.afterCommit?.({ action: 'update', session });
  return (await service.shown([moved], session, false))[0];
}

/** The rules of the fields an action writes: each required (sending goods needs its express number). */
const actionFieldRules = (def: ResourceDef, keys: readonly string[]): Record<string, z.ZodTypeAny> =>
  Object.fromEntries(
    keys.map((k) => {
      const f = def.list.find((x) => x.key === k);
      if (!f) throw new Error(`${def.code}: the machine's action writes ${k}, which it does not declare`);
      return [k, fieldSchema({ ...f, required: true })];
    }),
  );

const pick = (values: Row, keys: readonly string[]): Row =>
  Object.fromEntries(keys.filter((k) => values[k] !== undefined).map((k) => [k, values[k]]));

const stateNames = (m: StateMachine, values: readonly unknown[]) => values.map((v) => stateOf(m, v)?.label.en_US ?? String(v)).join(' or ');

/**
 * One route per action of a declaration's machine: POST /api/<code>/<action> with {id}, guarded by
 * that action's button, answering the moved row (as the list shows it) and the action's message.
 */
export async function transitionRoutes(app: Api, service: ResourceService, row: z.ZodTypeAny): Promise<void> {
  const def = service.def;
  if (!def.machine) return;
  const m = checkMachine(def);
  for (const [action, t] of Object.entries(m.transitions)) {
    const label = ACTIONS[action as ActionCode];
    app.post(
      `/${def.code}/${action}`,
      {
        config: { access: { screen: def.code, action: action as ActionCode } },
        schema: {
          tags: [def.code],
          summary: `${def.names.en_US}: ${label.en_US} (${stateNames(m, t.from)} → ${stateNames(m, [t.to])})`,
          description: `Moves one row as the state machine allows; 409 naming the state when it does not${t.guard ? ' or its guard refuses' : ''}.`,
          // the fields the action writes (e.g. sending goods: express company and number), with their rules
          body: z.object({ id: id(), ...actionFieldRules(def, t.fields ?? []) }),
          response: { 200: envelope(row) },
        },
      },
      async (req, reply) =>
        reply.ok(await transition(app.ctx, service, req.session!, action, req.body.id, req.body as Row), t.done ?? 'machine.done', {
          action: label,
        }),
    );
  }
}
