import { describe, expect, it } from 'vitest';
import {
  filterGrid,
  gridOf,
  isGranted,
  moduleCount,
  orderGrants,
  otherButtons,
  screensTick,
  screenTick,
  setButton,
  setScreen,
  setScreens,
  usedColumns,
} from './grant-grid';
import type { Grant, GrantNode } from './grant-tree';

const n = (id: number, code: string, extra: Partial<GrantNode> = {}): GrantNode => ({
  id,
  code,
  level: 1,
  names: { zh_CN: `${code}中`, zh_TW: `${code}繁`, en_US: code },
  terminal: 'web',
  side: 'T',
  buttons: [],
  granted: [],
  children: [],
  ...extra,
});
const btn = (code: string) => ({ code, names: { zh_CN: `${code}中`, zh_TW: code, en_US: code } });

// module stock → group stock/g → screens "inbound" (query, add, audit) and "report" (no buttons); module sys → "users"
const tree: GrantNode[] = [
  n(1, 'stock', {
    children: [
      n(10, 'stock/g', {
        level: 2,
        children: [
          n(2, 'inbound', { level: 3, buttons: [btn('query'), btn('add'), btn('audit')], granted: ['query'] }),
          n(3, 'report', { level: 3 }),
        ],
      }),
    ],
  }),
  n(4, 'sys', {
    children: [n(11, 'sys/g', { level: 2, children: [n(5, 'users', { level: 3, buttons: [btn('query'), btn('delete')] })] })],
  }),
];
const grid = gridOf(tree, 'en_US');
const [stock, sys] = grid;
const [inbound, report] = stock.screens;

describe('permission grid', () => {
  it('flattens the tree to modules of screens with their group and buttons', () => {
    expect(grid.map((m) => [m.name, m.screens.map((s) => s.name)])).toEqual([
      ['stock', ['inbound', 'report']],
      ['sys', ['users']],
    ]);
    expect(inbound.group).toBe('stock/g');
    expect(gridOf(tree, 'zh_CN')[0].screens[0].buttons[0].name).toBe('query中');
    // the common buttons get columns, any other sits in the last cell
    expect(usedColumns(grid)).toEqual(['query', 'add', 'delete']);
    expect(otherButtons(inbound).map((b) => b.code)).toEqual(['audit']);
  });

  it('searches screens by name, keeping only modules with a hit', () => {
    expect(filterGrid(grid, ' REP ').map((m) => [m.id, m.screens.map((s) => s.id)])).toEqual([[1, [3]]]);
    expect(filterGrid(grid, 'user').map((m) => m.id)).toEqual([4]);
    expect(filterGrid(grid, 'nothing')).toEqual([]);
    expect(filterGrid(grid, '')).toBe(grid);
  });

  it('grants the screen with a button, and takes it away with its last button', () => {
    let g: Grant[] = setButton([], inbound, 'add', true);
    expect(g).toEqual([{ menuId: 2, actions: ['add'] }]);
    expect(screenTick(g, inbound)).toBe('some');
    g = setButton(g, inbound, 'query', true);
    // actions in the order the screen offers them
    expect(g).toEqual([{ menuId: 2, actions: ['query', 'add'] }]);
    expect(isGranted(g, 2, 'query')).toBe(true);
    g = setButton(g, inbound, 'audit', true);
    expect(screenTick(g, inbound)).toBe('all');
    g = setButton(setButton(setButton(g, inbound, 'add', false), inbound, 'query', false), inbound, 'audit', false);
    expect(g).toEqual([]);
  });

  it('selects a whole screen, a module and counts its screens', () => {
    let g = setScreen([], report, true);
    expect(g).toEqual([{ menuId: 3, actions: [] }]);
    expect(screenTick(g, report)).toBe('all');
    expect(screensTick(g, stock.screens)).toBe('some');
    expect(moduleCount(g, stock)).toEqual({ granted: 1, total: 2 });
    g = setScreens(g, stock.screens, true);
    expect(orderGrants(grid, g)).toEqual([
      { menuId: 2, actions: ['query', 'add', 'audit'] },
      { menuId: 3, actions: [] },
    ]);
    expect(screensTick(g, stock.screens)).toBe('all');
    expect(moduleCount(g, stock)).toEqual({ granted: 2, total: 2 });
    expect(screensTick(g, sys.screens)).toBe('none');
    expect(setScreens(g, stock.screens, false)).toEqual([]);
  });

  it('saves grants in the grid order and keeps grants of screens it does not show', () => {
    const g: Grant[] = [
      { menuId: 99, actions: ['x'] },
      { menuId: 5, actions: ['delete', 'query'] },
      { menuId: 2, actions: ['audit', 'query'] },
    ];
    expect(orderGrants(grid, g)).toEqual([
      { menuId: 2, actions: ['query', 'audit'] },
      { menuId: 5, actions: ['query', 'delete'] },
      { menuId: 99, actions: ['x'] },
    ]);
  });
});
