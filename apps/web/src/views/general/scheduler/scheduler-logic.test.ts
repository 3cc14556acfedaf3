import { SCHEDULER_TYPE } from '@tagloom/domain/resources/general/scheduler.ts';
import { describe, expect, it } from 'vitest';
import { showsField, TYPE } from './scheduler-logic';

describe('scheduled task rules', () => {
  it('mirrors the domain values', () => {
    expect(TYPE).toEqual(SCHEDULER_TYPE);
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
});
