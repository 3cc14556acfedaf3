/**
 * A state machine as data: which actions (buttons) move a row from which states to which. The
 * server refuses a transition the row's state does not allow; the console offers only the actions
 * the row's state allows. One declaration serves both (see can.ts for the one access question).
 *
 * The states are the options of an enum (enums.ts): each carries its label in three languages and
 * the tone of its badge, so a screen never writes a colour switch. Zod-free: the console imports it.
 */
import { ENUMS, type EnumOption } from '../enums.js';
import type { L10n, Lang } from '../lang.js';
import { ACTIONS, type ActionCode } from '../menu/actions.js';

/** A state: a value of the machine's enum. */
export type StateValue = number | string;

/** A refusal: an i18n message key and its parameters (L10n values are shown in the reader's language). */
export interface Reason {
  key: string;
  params?: Record<string, unknown>;
}

/**
 * A guard rule: why this row may not take the transition (an i18n key, or a key with parameters),
 * or nothing when it may. The key is looked up in the server's catalog by the server and in the
 * console's screen catalog by the console, so a guard's message lives in both.
 */
export type Guard = (row: Record<string, unknown>) => string | Reason | undefined | null | false;

export interface Transition {
  from: readonly StateValue[];
  /** the state the action leads to (a screen's onTransition hook may settle on another, e.g. completed) */
  to: StateValue;
  guard?: Guard;
  /** the console asks for confirmation first, naming the row */
  danger?: true;
  /** i18n key (console catalog) of that confirmation, with {{name}} (default machine.confirm) */
  confirm?: string;
  /** i18n key of the success message (server catalog; default machine.done) */
  done?: string;
  /** the button's name where its shared one would be ambiguous on the screen (default: the button's, menu/actions.ts) */
  label?: L10n;
  /**
   * fields of the declaration the action writes, given with it (e.g. sending goods names the
   * express company and number): the route's body takes them with their field rules, the console
   * asks for them in a small form before moving the row
   */
  fields?: readonly string[];
  /**
   * those of `fields` the action may leave blank (a receipt's difference reason, needed only when
   * it is abnormal: the server's hook says when)
   */
  optional?: readonly string[];
  /**
   * of an enum field in `fields`, the values the action accepts (a disposal is repair, seconds,
   * vendor return or scrap — not the pending it starts from): the route refuses others on the
   * field, the console's dialog offers only these
   */
  choices?: Readonly<Record<string, readonly (number | string)[]>>;
}

/**
 * A move the system makes, not a user: no button, no route. A hook or a job takes it with the
 * server's move(tx, code, id, action), which refuses it (the same conditional UPDATE as a user's
 * transition) unless the row is in one of its `from` states and its guard lets it.
 */
export interface SystemTransition {
  from: readonly StateValue[];
  to: StateValue;
  guard?: Guard;
}

export interface StateMachine<A extends string = string> {
  /** the field holding the state (an enum field of the declaration, not in the form) */
  field: string;
  /** the enum whose options are the states, with their labels and badge tones */
  states: string;
  transitions: Record<A, Transition>;
  /**
   * the moves the system makes (a job's end, the consequence of a user's move), by action name:
   * part of the machine, so every edge of the state field is declared here; no button offers them
   */
  system?: Record<string, SystemTransition>;
  /** states after which the row may no longer be edited nor deleted */
  final?: readonly StateValue[];
  /** rows in a final state may still be deleted (cleared away), though not edited */
  deleteFinal?: boolean;
  /**
   * the only states in which a row is still edited (its fields, its lines, its files): e.g. an order
   * is edited while a draft and no more once submitted (final states are never edited)
   */
  editIn?: readonly StateValue[];
  /** the only states in which a row may be deleted (e.g. drafts only) */
  deleteIn?: readonly StateValue[];
}

const same = (a: unknown, b: unknown) => a !== null && a !== undefined && String(a) === String(b);

/** The options of the machine's state enum (throws on an unknown enum: a declaration error). */
export function statesOf(m: StateMachine): EnumOption[] {
  const options = ENUMS[m.states];
  if (!options) throw new Error(`state machine on ${m.field}: no enum ${m.states}`);
  return options;
}

/** One state's option (label and tone), or undefined for a value the enum does not hold. */
export const stateOf = (m: StateMachine, value: unknown): EnumOption | undefined => statesOf(m).find((o) => same(o.value, value));

/**
 * The enum a declaration's states are worded by: its machine's, or for one whose rows change state
 * by actions of their own (an abnormal label's handle and clear) its state field's.
 */
export const stateEnumOf = (
  def: { machine?: { states: string }; fields: Readonly<Record<string, { enumName?: string }>> } | undefined,
): string | undefined => def?.machine?.states ?? def?.fields.state?.enumName;

/**
 * Declare a machine; every state it names must be an option of its enum, so a typo fails where it
 * is written rather than as a transition nobody can take.
 */
export function defineMachine<A extends ActionCode>(m: StateMachine<A>): StateMachine<A> {
  const options = statesOf(m);
  const named = [
    ...(m.final ?? []),
    ...(m.editIn ?? []),
    ...(m.deleteIn ?? []),
    ...[...Object.values<Transition>(m.transitions), ...Object.values(m.system ?? {})].flatMap((t) => [...t.from, t.to]),
  ];
  for (const action of Object.keys(m.system ?? {}))
    if (Object.hasOwn(m.transitions, action)) throw new Error(`state machine on ${m.field}: ${action} is both a button and a system move`);
  for (const v of named)
    if (!options.some((o) => same(o.value, v))) throw new Error(`state machine on ${m.field}: ${String(v)} is no ${m.states} value`);
  return m;
}

/** The transition of `action`, if the machine has one. */
export const transitionOf = (m: StateMachine, action: string): Transition | undefined =>
  Object.hasOwn(m.transitions, action) ? (m.transitions as Record<string, Transition>)[action] : undefined;

/** The system transition of `action` (no button: a hook's or a job's move), if the machine has one. */
export const systemTransitionOf = (m: StateMachine, action: string): SystemTransition | undefined =>
  m.system && Object.hasOwn(m.system, action) ? m.system[action] : undefined;

/** Every edge of the machine, the buttons' and the system's: [action, from, to]. */
export const edgesOf = (m: StateMachine): [string, StateValue, StateValue][] =>
  [...Object.entries<Transition>(m.transitions), ...Object.entries(m.system ?? {})].flatMap(([a, t]) =>
    t.from.map((f): [string, StateValue, StateValue] => [a, f, t.to]),
  );

/** Whether `action` may leave `state` (the machine alone; guards and buttons: see can()). */
export const canTransition = <A extends string>(m: StateMachine<A>, action: A, state: unknown): boolean =>
  transitionOf(m, action)?.from.some((s) => same(s, state)) ?? false;

/** The actions `state` allows, in declaration order. */
export const allowedActions = <A extends string>(m: StateMachine<A>, state: unknown): A[] =>
  (Object.keys(m.transitions) as A[]).filter((a) => canTransition(m, a, state));

/** Whether `state` is final (no more edits). */
export const isFinal = (m: StateMachine, state: unknown): boolean => !!m.final?.some((s) => same(s, state));

/** Whether a row in `state` may still be edited (not final, and among `editIn` when the machine names them). */
export const isEditable = (m: StateMachine, state: unknown): boolean =>
  !isFinal(m, state) && (!m.editIn || m.editIn.some((s) => same(s, state)));

/** Whether a row in `state` may be deleted (final only with `deleteFinal`; among `deleteIn` when named). */
export const isDeletable = (m: StateMachine, state: unknown): boolean =>
  (!isFinal(m, state) || !!m.deleteFinal) && (!m.deleteIn || m.deleteIn.some((s) => same(s, state)));

/** The guard's refusal of `row` for `action`, as a Reason, or undefined. */
export function guardRefusal(m: StateMachine, action: string, row: Record<string, unknown>): Reason | undefined {
  const out = transitionOf(m, action)?.guard?.(row);
  if (!out) return undefined;
  return typeof out === 'string' ? { key: out } : out;
}

/**
 * The console key of the title of a confirmation to take the action named `label` (in `lang`):
 * "确认作废" / "Confirm: Void", but a name that holds the confirm word already is asked as a
 * question ("确定要取消确认吗？", "Cancel confirmation?"), never "确认确认" or "Confirm: Confirm".
 * Both keys take the action's name as {{action}}.
 */
export function confirmTitleKey(label: string, lang: Lang): 'machine.confirmTitle' | 'machine.confirmAsk' {
  return label.toLowerCase().includes(ACTIONS.confirm[lang].toLowerCase()) ? 'machine.confirmAsk' : 'machine.confirmTitle';
}
