import {
  ACTIONS,
  type ActionCode,
  can,
  fieldSchema,
  guardRefusal,
  id,
  type L10n,
  type ResourceDef,
  type StateMachine,
  stateOf,
  systemTransitionOf,
  type Transition,
  transitionOf,
} from '@tagloom/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { declarationOf, tableOf } from '../../db/resource-table.js';
import { operationLog } from '../../db/schema/logs.js';
import type { AppContext, SessionInfo } from '../context.js';
import { envelope } from '../envelope.js';
import { conflict, notFound } from '../errors.js';
import type { OnAnyTransition, ResourceService } from './service.js';

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
 * screen's hook for the action (transitions), then its onTransition hook (every move). Two
 * concurrent moves cannot both win: the loser finds the row moved and is refused naming the state
 * it is in now. A hook that throws undoes the move.
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
  if (!t) throw notFound(def.names);
  const col = table[m.field];
  const moved = await ctx.db.transaction(async (tx) => {
    const read = () =>
      tx
        .select()
        .from(table)
        .where(service.scope(session, eq(table.id, rowId)))
        .for('update');
    const [before] = (await read()) as Row[];
    if (!before) throw notFound(def.names);
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
    let after = row;
    if (hook) {
      await hook(tx, row, { action, session, before, code: def.code });
      [after] = (await read()) as Row[];
      keptState(tx, def, row, after, `its ${action} hook`);
    }
    const info = { action, before, code: def.code, system: false, session, by: session };
    await service.hooks.onTransition?.(tx, after, info);
    await moveListeners.moved(tx, after, info);
    return after;
  });
  await service.hooks.afterCommit?.({ action: 'update', session });
  return (await service.shown([moved], session, false))[0];
}

/**
 * Each declaration's onTransition hook (ResourceHooks), set as its service is built: a system move
 * is made with a transaction and a code, not a service, and finds it here.
 */
export const onMoveHooks = new Map<string, OnAnyTransition>();

const MOVE_LISTENERS = new Map<string, OnAnyTransition[]>();

/**
 * Another module's interest in a declaration's moves (the warehouse in a supply packing's audit: the
 * audited cartons of an order become its advance shipping notice). Registered at import by the
 * module that listens; called after the declaration's own hooks, in the move's transaction, for a
 * user's move and a system move alike; a listener that throws undoes the move. The declaring module
 * knows no listener (static registry, no data in it: the same in every process).
 */
export const moveListeners = {
  /** Listens to the moves of the declaration `code`; returns the function that stops it (tests). */
  on(code: string, listener: OnAnyTransition): () => void {
    const list = MOVE_LISTENERS.get(code) ?? [];
    list.push(listener);
    MOVE_LISTENERS.set(code, list);
    return () => {
      const at = list.indexOf(listener);
      if (at >= 0) list.splice(at, 1);
    };
  },
  async moved(tx: Tx, row: Row, info: Parameters<OnAnyTransition>[2]): Promise<void> {
    for (const listener of [...(MOVE_LISTENERS.get(info.code) ?? [])]) await listener(tx, row, info);
  },
};

/** Who makes a system move: the user whose request or job it is. */
export interface Mover {
  tenantId: number;
  userId: number | null;
  username: string;
}

/**
 * The rows move() moved in each transaction (by table, id and state reached), so the guard below
 * tells a move from a hook's direct write of the state field. Held by the transaction object only.
 */
const MOVED = new WeakMap<object, Set<string>>();
const movedKey = (table: string, id: unknown, state: unknown) => `${table}:${String(id)}:${String(state)}`;

/**
 * A hook that changed a row's state (`before` → `after`) without move() breaks the machine: every
 * edge of the state field is declared (a button's transition, or a system one). Fails the write
 * (a programming error, 500), naming the hook.
 */
export function keptState(tx: Tx, def: ResourceDef, before: Row | undefined, after: Row | undefined, who: string): void {
  const field = def.machine?.field;
  if (!field || !before || !after || String(before[field]) === String(after[field])) return;
  if (MOVED.get(tx)?.has(movedKey(def.table, after.id, after[field]))) return;
  throw new Error(
    `${def.code}: ${who} wrote ${field} directly (${String(before[field])} → ${String(after[field])}); move the row with move()`,
  );
}

/**
 * A system move (a machine's `system` transition: no button, no route), in the caller's
 * transaction, as a user's transition is made: the row read locked (the tenant's), the transition's
 * guard asked, one conditional UPDATE … WHERE id = ? AND state IN (from), the columns `set` written
 * with it, a row in the operation log (screen, action, target) and the declaration's onTransition
 * hook in the same transaction. Refused (409, naming the state it is in) when its state does not
 * allow it; with `ifAllowed`, answered undefined instead (a job's end finding the row moved on).
 * Answers the moved row.
 */
export async function move(
  tx: Tx,
  code: string,
  id: number,
  action: string,
  by: Mover,
  opts: { set?: Row; ifAllowed?: boolean } = {},
): Promise<Row | undefined> {
  const def = declarationOf(code);
  const table = tableOf(code);
  const m = def?.machine;
  const t = m && systemTransitionOf(m, action);
  if (!def || !table || !m || !t) throw new Error(`${code} declares no system move ${action}`);
  const col = table[m.field];
  const mine = and(def.owner === 'tenant' ? eq(table.tenantId, by.tenantId) : undefined, eq(table.id, id));
  const [before] = (await tx.select().from(table).where(mine).for('update')) as Row[];
  if (!before) throw notFound(def.names);
  const named: L10n = { zh_CN: action, zh_TW: action, en_US: action };
  const refused = () => conflict('machine.illegal', { state: stateOf(m, before[m.field])?.label ?? '-', action: named });
  const allowed = t.from.some((s) => String(s) === String(before[m.field]));
  const guard = allowed ? guardRefusal({ ...m, transitions: { [action]: t } }, action, before) : undefined;
  if (!allowed || guard) {
    if (opts.ifAllowed) return undefined;
    throw guard ? conflict(guard.key, guard.params) : refused();
  }
  const [row] = (await tx
    .update(table)
    .set({ ...opts.set, [m.field]: t.to, updatedAt: new Date() })
    .where(and(mine, inArray(col, [...t.from])))
    .returning()) as Row[];
  if (!row) {
    if (opts.ifAllowed) return undefined;
    throw refused();
  }
  const moved = MOVED.get(tx) ?? new Set<string>();
  moved.add(movedKey(def.table, id, t.to));
  MOVED.set(tx, moved);
  await tx.insert(operationLog).values({
    tenantId: by.tenantId,
    userId: by.userId,
    username: by.username,
    screen: code,
    action,
    method: 'SYSTEM',
    url: `/api/${code}/${action}`,
    target: String(id),
    result: 1,
    status: 200,
    body: { id, from: before[m.field], to: t.to },
  });
  const info = { action, before, code, system: true, by: { tenantId: by.tenantId, userId: by.userId, username: by.username } };
  await onMoveHooks.get(code)?.(tx, row, info);
  await moveListeners.moved(tx, row, info);
  return row;
}

/** The rules of the fields an action writes: each required (sending goods needs its express number). */
const actionFieldRules = (def: ResourceDef, t: Transition): Record<string, z.ZodTypeAny> =>
  Object.fromEntries(
    (t.fields ?? []).map((k) => {
      const f = def.list.find((x) => x.key === k);
      if (!f) throw new Error(`${def.code}: the machine's action writes ${k}, which it does not declare`);
      return [k, fieldSchema({ ...f, required: !(t.optional ?? []).includes(k), choices: t.choices?.[k] ?? f.choices })];
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
        // the fields it writes are named by their labels in a refusal
        config: { access: { screen: def.code, action: action as ActionCode }, fieldLabels: def.labels },
        schema: {
          tags: [def.code],
          summary: `${def.names.en_US}: ${label.en_US} (${stateNames(m, t.from)} → ${stateNames(m, [t.to])})`,
          description: `Moves one row as the state machine allows; 409 naming the state when it does not${t.guard ? ' or its guard refuses' : ''}.`,
          // the fields the action writes (e.g. sending goods: express company and number), with their rules
          body: z.object({ id: id(), ...actionFieldRules(def, t) }),
          response: { 200: envelope(row) },
        },
      },
      // the hooks speak the request's language (a field's refusal in the console's, not the account's stored one)
      async (req, reply) =>
        reply.ok(
          await transition(app.ctx, service, { ...req.session!, lang: req.lang }, action, req.body.id, req.body as Row),
          t.done ?? 'machine.done',
          { action: label },
        ),
    );
  }
}
