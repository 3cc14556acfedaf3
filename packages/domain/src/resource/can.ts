/**
 * The one access question of a screen: may this user press this button (on this row)? The
 * console's toolbar and row actions and the server's routes all ask it, so what is offered and
 * what is accepted cannot drift apart. Zod-free: the console imports it anywhere.
 *
 *   can = the button is granted
 *       ∩ (a machine action) the machine allows it from the row's state ∩ its guard passes
 *       ∩ (edit / delete) the row is not in a final state, and in the machine's editIn / deleteIn
 */
import { ACTIONS } from '../menu/actions.js';
import type { ResourceDef } from './define.js';
import { canTransition, guardRefusal, isDeletable, isEditable, type Reason, type StateMachine, stateOf, transitionOf } from './machine.js';

export interface Verdict {
  can: boolean;
  /** why not: an i18n key (namespace machine, or a guard's) and its parameters */
  reason?: Reason;
}

export interface CanInput {
  /** the buttons this user holds on the screen (the server: the button its access hook checked) */
  granted: readonly string[];
  /** the row acted on, when there is one (the toolbar without a selection asks without) */
  row?: Record<string, unknown>;
}

type Declared = Pick<ResourceDef, 'names' | 'machine'>;

/** The state label of a row, as an L10n parameter (the raw value when the enum has no such option). */
function stateParam(m: StateMachine, row: Record<string, unknown>): unknown {
  const value = row[m.field];
  return stateOf(m, value)?.label ?? String(value ?? '-');
}

const actionParam = (action: string): unknown => (ACTIONS as Record<string, unknown>)[action] ?? action;

const YES: Verdict = { can: true };

export function can(def: Declared, action: string, input: CanInput): Verdict {
  if (!input.granted.includes(action))
    return { can: false, reason: { key: 'machine.notGranted', params: { action: actionParam(action) } } };
  const m = def.machine;
  const row = input.row;
  if (!m || !row) return YES;
  const state = row[m.field];
  if (action === 'edit' || action === 'delete') {
    if (action === 'edit' ? isEditable(m, state) : isDeletable(m, state)) return YES;
    return { can: false, reason: { key: `machine.final.${action}`, params: { state: stateParam(m, row), what: def.names } } };
  }
  if (!transitionOf(m, action)) return YES;
  if (!canTransition(m, action, state))
    return {
      can: false,
      reason: { key: 'machine.illegal', params: { state: stateParam(m, row), action: actionParam(action), what: def.names } },
    };
  const refused = guardRefusal(m, action, row);
  return refused ? { can: false, reason: refused } : YES;
}

/**
 * The machine's actions a row offers this user: those its state allows and the user holds, each
 * with its verdict (a guard may still refuse one: the console shows it disabled, with the reason).
 */
export function rowTransitions(
  def: Declared,
  granted: readonly string[],
  row: Record<string, unknown>,
): { action: string; verdict: Verdict }[] {
  const m = def.machine;
  if (!m) return [];
  return Object.keys(m.transitions)
    .filter((a) => granted.includes(a) && canTransition(m, a, row[m.field]))
    .map((action) => ({ action, verdict: can(def, action, { granted, row }) }));
}

/** The machine's actions this user holds at all (the toolbar's transition buttons). */
export const grantedTransitions = (def: Declared, granted: readonly string[]): string[] =>
  def.machine ? Object.keys(def.machine.transitions).filter((a) => granted.includes(a)) : [];
