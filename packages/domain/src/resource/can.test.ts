import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../menu/actions.js';
import { SCHEDULER_STATE, schedulerResource } from '../resources/general/scheduler.js';
import { can, grantedTransitions, rowTransitions } from './can.js';
import { defineMachine } from './machine.js';

const ALL = ['query', 'add', 'edit', 'delete', 'pause', 'recover', 'stop'];
const { NORMAL, PAUSED, STOPPED, COMPLETED } = SCHEDULER_STATE;
const row = (state: number) => ({ id: 1, name: 'x', state });

describe('can(): one access question for the toolbar, the row actions and the server', () => {
  it('needs the button granted, whatever the row', () => {
    expect(can(schedulerResource, 'pause', { granted: ['query'], row: row(NORMAL) })).toEqual({
      can: false,
      reason: { key: 'machine.notGranted', params: { action: ACTIONS.pause } },
    });
    expect(can(schedulerResource, 'edit', { granted: ['query'] }).can).toBe(false);
    expect(can(schedulerResource, 'edit', { granted: ALL }).can).toBe(true);
    // a button without a row (the toolbar before a selection) is only a question of the grant
    expect(can(schedulerResource, 'pause', { granted: ALL }).can).toBe(true);
  });

  it('allows a transition only from the states the machine names, naming the state and the action when not', () => {
    expect(can(schedulerResource, 'pause', { granted: ALL, row: row(NORMAL) })).toEqual({ can: true });
    const refused = can(schedulerResource, 'recover', { granted: ALL, row: row(NORMAL) });
    expect(refused.can).toBe(false);
    expect(refused.reason).toEqual({
      key: 'machine.illegal',
      params: { state: { zh_CN: '正常', zh_TW: '正常', en_US: 'Normal' }, action: ACTIONS.recover, what: schedulerResource.names },
    });
    expect(can(schedulerResource, 'stop', { granted: ALL, row: row(COMPLETED) }).can).toBe(false);
  });

  it('refuses edit (and delete, unless the machine lets final rows go) in a final state', () => {
    const edit = can(schedulerResource, 'edit', { granted: ALL, row: row(STOPPED) });
    expect(edit).toEqual({
      can: false,
      reason: {
        key: 'machine.final.edit',
        params: { state: expect.objectContaining({ en_US: 'Stopped' }), what: schedulerResource.names },
      },
    });
    expect(can(schedulerResource, 'edit', { granted: ALL, row: row(PAUSED) }).can).toBe(true);
    // a stopped task may be cleared away
    expect(can(schedulerResource, 'delete', { granted: ALL, row: row(STOPPED) }).can).toBe(true);
    const kept = { ...schedulerResource, machine: { ...schedulerResource.machine!, deleteFinal: false } };
    expect(can(kept, 'delete', { granted: ALL, row: row(STOPPED) }).reason?.key).toBe('machine.final.delete');
  });

  it('asks the guard last, with the row', () => {
    const def = {
      names: { zh_CN: '设备', zh_TW: '設備', en_US: 'Equipment' },
      machine: defineMachine({
        field: 'status',
        states: 'Status',
        transitions: { enable: { from: [0], to: 1, guard: (r) => (r.name ? undefined : 'machine.test.needsName') } },
      }),
    };
    expect(can(def, 'enable', { granted: ['enable'], row: { status: 0 } })).toEqual({
      can: false,
      reason: { key: 'machine.test.needsName' },
    });
    expect(can(def, 'enable', { granted: ['enable'], row: { status: 0, name: 'n' } })).toEqual({ can: true });
    // the state is asked before the guard
    expect(can(def, 'enable', { granted: ['enable'], row: { status: 1 } }).reason?.key).toBe('machine.illegal');
    expect(rowTransitions(def, ['enable'], { status: 0 })).toEqual([
      { action: 'enable', verdict: { can: false, reason: { key: 'machine.test.needsName' } } },
    ]);
  });

  it('lists the actions a row offers: its state allows them and they are granted', () => {
    const actions = (state: number, granted = ALL) => rowTransitions(schedulerResource, granted, row(state)).map((x) => x.action);
    expect(actions(NORMAL)).toEqual(['pause', 'stop']);
    expect(actions(PAUSED)).toEqual(['recover', 'stop']);
    expect(actions(STOPPED)).toEqual([]);
    expect(actions(NORMAL, ['stop'])).toEqual(['stop']);
    expect(grantedTransitions(schedulerResource, ['query', 'stop', 'pause'])).toEqual(['pause', 'stop']);
    expect(grantedTransitions({ names: schedulerResource.names }, ALL)).toEqual([]);
  });
});
