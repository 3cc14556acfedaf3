/** Pure rules of the scheduled-task screen: which trigger fields the form shows. */

/** SchedulerType values (mirrors SCHEDULER_TYPE of the domain declaration). */
export const TYPE = { TIME: 1, CRON: 2 } as const;

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
