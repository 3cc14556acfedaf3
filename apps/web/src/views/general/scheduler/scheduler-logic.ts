/** Pure rules of the scheduled-task screen: which state actions a row offers, which trigger fields the form shows. */
import { allowedActions } from '@tagloom/domain/resource/machine.ts';
import { type SchedulerAction, schedulerMachine } from '@tagloom/domain/resources/general/scheduler.ts';

/** SchedulerState / SchedulerType values (mirrors SCHEDULER_STATE / SCHEDULER_TYPE of the domain declaration). */
export const STATE = { NORMAL: 1, PAUSED: 2, STOPPED: 3, COMPLETED: 4 } as const;
export const TYPE = { TIME: 1, CRON: 2 } as const;

export type StateAction = SchedulerAction;

/** The state changes a task in `state` allows (the declared machine), limited to the granted buttons. */
export function stateActions(state: unknown, can: (action: string) => boolean): StateAction[] {
  return allowedActions(schedulerMachine, state).filter(can);
}

/** Form fields that belong to one trigger type only. */
export const TRIGGER_FIELDS: Record<string, number> = {
  cron: TYPE.CRON,
  repeatTimes: TYPE.TIME,
  repeatInterval: TYPE.TIME,
  repeatUnit: TYPE.TIME,
};

/** Whether the form shows `field` while the trigger type is `type` (fields of no one type always show). */
export function showsField(field: string, type: unknown): boolean {
  const only = TRIGGER_FIELDS[field];
  if (only === undefined) return true;
  return type !== undefined && type !== null && type !== '' && Number(type) === only;
}

/** Tag colour of a task state. */
export function stateColor(state: unknown): string {
  switch (Number(state)) {
    case STATE.NORMAL:
      return 'success';
    case STATE.PAUSED:
      return 'warning';
    case STATE.STOPPED:
      return 'error';
    case STATE.COMPLETED:
      return 'blue';
    default:
      return 'default';
  }
}
