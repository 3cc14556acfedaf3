import { describe, expect, it } from 'vitest';
import { SCHEDULER_STATE, schedulerMachine } from '../resources/general/scheduler.js';
import { allowedActions, canTransition, isEditable } from './machine.js';

describe('state machines', () => {
  const { NORMAL, PAUSED, STOPPED, COMPLETED } = SCHEDULER_STATE;

  it('allows a scheduled task only the moves of spec §4: pause, recover, stop', () => {
    expect(allowedActions(schedulerMachine, NORMAL)).toEqual(['pause', 'stop']);
    expect(allowedActions(schedulerMachine, PAUSED)).toEqual(['recover', 'stop']);
    expect(allowedActions(schedulerMachine, STOPPED)).toEqual([]);
    expect(allowedActions(schedulerMachine, COMPLETED)).toEqual([]);
    expect(canTransition(schedulerMachine, 'recover', NORMAL)).toBe(false);
    expect(canTransition(schedulerMachine, 'pause', String(NORMAL))).toBe(true);
  });

  it('makes a stopped task final', () => {
    expect(isEditable(schedulerMachine, STOPPED)).toBe(false);
    expect(isEditable(schedulerMachine, PAUSED)).toBe(true);
  });
});
