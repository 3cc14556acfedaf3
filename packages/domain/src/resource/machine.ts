/**
 * A state machine as data: which actions (buttons) move a row from which states to which. The
 * server refuses a transition the row's state does not allow; the console offers only the actions
 * the row's state allows. One declaration serves both.
 */
export interface Transition {
  from: readonly number[];
  /** the state the action leads to (the service may settle on another, e.g. completed) */
  to: number;
}

export interface StateMachine<A extends string = string> {
  /** the field holding the state */
  field: string;
  transitions: Record<A, Transition>;
  /** states after which the row may no longer be edited */
  final?: readonly number[];
}

export const defineMachine = <A extends string>(m: StateMachine<A>): StateMachine<A> => m;

/** Whether `action` may leave `state`. */
export const canTransition = <A extends string>(m: StateMachine<A>, action: A, state: unknown): boolean =>
  m.transitions[action]?.from.includes(Number(state)) ?? false;

/** The actions `state` allows, in declaration order. */
export const allowedActions = <A extends string>(m: StateMachine<A>, state: unknown): A[] =>
  (Object.keys(m.transitions) as A[]).filter((a) => canTransition(m, a, state));

/** Whether a row in `state` may still be edited. */
export const isEditable = (m: StateMachine, state: unknown): boolean => !m.final?.includes(Number(state));
