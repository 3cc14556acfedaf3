import { describe, expect, it } from 'vitest';
import { hasMessage } from '../i18n/index.js';
import { webScreensCatalog } from '../i18n/load-web.js';
import { LANGS } from '../lang.js';
import { ACTIONS } from '../menu/actions.js';
import { SCHEDULER_STATE, schedulerMachine } from '../resources/general/scheduler.js';
import { DECLARED_RESOURCES } from '../resources/index.js';
import { allowedActions, canTransition, defineMachine, guardRefusal, isEditable, isFinal, stateOf } from './machine.js';

describe('state machines', () => {
  const { NORMAL, PAUSED, STOPPED, COMPLETED } = SCHEDULER_STATE;

  it('allows a scheduled task only the moves of spec §4: pause, recover, stop', () => {
    expect(allowedActions(schedulerMachine, NORMAL)).toEqual(['pause', 'stop']);
    expect(allowedActions(schedulerMachine, PAUSED)).toEqual(['recover', 'stop']);
    expect(allowedActions(schedulerMachine, STOPPED)).toEqual([]);
    expect(allowedActions(schedulerMachine, COMPLETED)).toEqual([]);
    expect(canTransition(schedulerMachine, 'recover', NORMAL)).toBe(false);
    expect(canTransition(schedulerMachine, 'pause', String(NORMAL))).toBe(true);
    expect(canTransition(schedulerMachine, 'pause', null)).toBe(false);
  });

  it('makes a stopped task final', () => {
    expect(isEditable(schedulerMachine, STOPPED)).toBe(false);
    expect(isFinal(schedulerMachine, STOPPED)).toBe(true);
    expect(isEditable(schedulerMachine, PAUSED)).toBe(true);
  });

  it('takes its states from an enum that carries each label and badge tone', () => {
    expect(stateOf(schedulerMachine, PAUSED)).toMatchObject({ label: { en_US: 'Paused', zh_CN: '暂停' }, tone: 'warning' });
    expect(stateOf(schedulerMachine, STOPPED)?.tone).toBe('error');
    expect(stateOf(schedulerMachine, 99)).toBeUndefined();
    expect(schedulerMachine.transitions.stop.danger).toBe(true);
  });

  it('refuses a declaration naming a state its enum does not hold, or an unknown enum', () => {
    expect(() => defineMachine({ field: 'status', states: 'Status', transitions: { enable: { from: [0], to: 7 } } })).toThrow(
      /7 is no Status value/,
    );
    expect(() => defineMachine({ field: 'status', states: 'NoSuchEnum', transitions: { enable: { from: [0], to: 1 } } })).toThrow(
      /no enum NoSuchEnum/,
    );
  });

  it('asks a guard of the row, as a key or a key with parameters', () => {
    const m = defineMachine({
      field: 'status',
      states: 'Status',
      transitions: {
        enable: { from: [0], to: 1, guard: (row) => (row.name ? undefined : 'machine.test.needsName') },
        disable: { from: [1], to: 0, guard: (row) => (row.locked ? { key: 'machine.test.locked', params: { by: row.locked } } : null) },
      },
    });
    expect(guardRefusal(m, 'enable', { status: 0 })).toEqual({ key: 'machine.test.needsName' });
    expect(guardRefusal(m, 'enable', { status: 0, name: 'x' })).toBeUndefined();
    expect(guardRefusal(m, 'disable', { status: 1, locked: 'admin' })).toEqual({ key: 'machine.test.locked', params: { by: 'admin' } });
    expect(guardRefusal(m, 'nothing', { status: 1 })).toBeUndefined();
  });

  it('names every move of every machine in words: a button by its action, a system move by the warehouse log’s words', () => {
    // what the warehouse log shows in its Action column (the console's catalog) and writes in its export (the server's): never a raw code
    const catalogs = LANGS.map((lang) => webScreensCatalog(lang));
    const inConsole = (key: string) =>
      catalogs.every(
        (c) => typeof key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], c) === 'string',
      );
    const raw = Object.values(DECLARED_RESOURCES).flatMap((def) =>
      def.machine
        ? [...Object.keys(def.machine.transitions), ...Object.keys(def.machine.system ?? {})]
            .filter((a) => !(a in ACTIONS) && !(hasMessage(`wmsLog.system.${a}`) && inConsole(`wmsLog.system.${a}`)))
            .map((a) => `${def.code}: ${a}`)
        : [],
    );
    expect(raw).toEqual([]);
  });
});
