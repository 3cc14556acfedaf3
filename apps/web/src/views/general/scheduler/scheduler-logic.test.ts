import { SCHEDULER_STATE, SCHEDULER_TYPE } from '@tagloom/domain/resources/general/scheduler.ts';
import { describe, expect, it } from 'vitest';
import { STATE, showsField, stateActions, stateColor, TYPE } from './scheduler-logic';

const all = () => true;

describe('scheduled task rules', () => {
  it('mirrors the domain values', () => {
    expect(STATE).toEqual(SCHEDULER_STATE);
    expect(TYPE).toEqual(SCHEDULER_TYPE);
  });
  it('offers pause/stop to a normal task, recover/stop to a paused one, nothing to finished ones', () => {
    expect(stateActions(STATE.NORMAL, all)).toEqual(['pause', 'stop']);
    expect(stateActions(STATE.PAUSED, all)).toEqual(['recover', 'stop']);
    expect(stateActions(STATE.STOPPED, all)).toEqual([]);
    expect(stateActions(STATE.COMPLETED, all)).toEqual([]);
  });
  it('only offers granted buttons', () => {
    expect(stateActions(STATE.NORMAL, (a) => a === 'stop')).toEqual(['stop']);
    expect(stateActions(STATE.PAUSED, () => false)).toEqual([]);
  });
  it('shows cron for cron triggers and the repeat fields for time triggers', () => {
    expect(showsField('cron', TYPE.CRON)).toBe(true);
    expect(showsField('cron', TYPE.TIME)).toBe(false);
    expect(showsField('repeatInterval', TYPE.TIME)).toBe(true);
    expect(showsField('repeatUnit', '1')).toBe(true);
    expect(showsField('repeatTimes', TYPE.CRON)).toBe(false);
    expect(showsField('cron', undefined)).toBe(false);
    expect(showsField('name', undefined)).toBe(true);
    expect(showsField('startAt', TYPE.CRON)).toBe(true);
  });
  it('colours states', () => {
    expect(stateColor(1)).toBe('success');
    expect(stateColor(2)).toBe('warning');
    expect(stateColor(3)).toBe('error');
    expect(stateColor(99)).toBe('default');
  });
});
