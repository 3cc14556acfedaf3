import { menuCreate } from '@tagloom/domain/schemas/general.ts';
import { describe, expect, it } from 'vitest';
import {
  canHaveChildren,
  findNode,
  isScreen,
  MENU_CODE_PATTERN,
  type MenuNode,
  nameOf,
  parentIds,
  toFormValues,
  toTreeRows,
  toWire,
} from './menu-logic';

const node = (id: number, level: number, seq: number, children: MenuNode[] = []): MenuNode => ({
  id,
  parentId: null,
  level,
  code: `c${id}`,
  names: { zh_CN: `中${id}`, zh_TW: '', en_US: `E${id}` },
  alias: '',
  component: '',
  path: '',
  icon: '',
  seq,
  hidden: 1,
  terminal: 'web',
  side: 'P',
  status: 1,
  children,
});

const tree = [node(1, 1, 2, [node(3, 2, 1, [node(5, 3, 0)]), node(4, 2, 0)]), node(2, 1, 1)];

describe('menu tree', () => {
  it('sorts by sequence and drops empty children', () => {
    const rows = toTreeRows(tree);
    expect(rows.map((r) => r.id)).toEqual([2, 1]);
    expect(rows[0].children).toBeUndefined();
    expect(rows[1].children!.map((r) => r.id)).toEqual([4, 3]);
    expect(rows[1].children![0].children).toBeUndefined();
    expect(rows[1].children![1].children!.map((r) => r.id)).toEqual([5]);
  });
  it('lists parents and finds nodes', () => {
    expect(parentIds(toTreeRows(tree))).toEqual([1, 3]);
    expect(findNode(tree, 5)?.code).toBe('c5');
    expect(findNode(tree, 99)).toBeUndefined();
  });
  it('names in the language with fallback', () => {
    expect(nameOf(tree[0].names, 'en_US')).toBe('E1');
    expect(nameOf(tree[0].names, 'zh_TW')).toBe('中1');
    expect(nameOf(undefined, 'en_US', 'x')).toBe('x');
  });
  it('levels', () => {
    expect([1, 2, 3].map(canHaveChildren)).toEqual([true, true, false]);
    expect([1, 2, 3].map(isScreen)).toEqual([false, false, true]);
  });
  it('form values round-trip to the wire', () => {
    const n = { ...node(5, 3, 7), component: 'general/x', hidden: 0 };
    const v = toFormValues(n);
    expect(v.hidden).toBe(false);
    const w = toWire({ ...v, code: ' c5 ' }, 3);
    expect(w).toMatchObject({ code: 'c5', hidden: 0, seq: 7, component: 'general/x', terminal: 'web' });
    expect(toWire(v, 2).component).toBe('');
    expect(toWire({ ...v, hidden: undefined, seq: null }, 1)).toMatchObject({ hidden: 1, seq: 0 });
  });
  it('the form’s code rule agrees with the server’s', () => {
    for (const code of ['general', 'general/menu', 'e2e-x_1', '9a', 'bad code!', '/lead', '_x', 'a.b', '']) {
      const server = menuCreate.safeParse({ code, names: { zh_CN: '中' } }).success;
      expect(MENU_CODE_PATTERN.test(code), code).toBe(server);
    }
  });
});

describe('icon search and shown component', () => {
  it('finds icons by any part of the name, ignoring case and spaces', async () => {
    const { iconMatches } = await import('./menu-logic');
    expect(iconMatches('ShoppingCartOutlined', 'shopping cart')).toBe(true);
    expect(iconMatches('ShoppingCartOutlined', 'CART')).toBe(true);
    expect(iconMatches('ShoppingCartOutlined', '')).toBe(true);
    expect(iconMatches('UserOutlined', 'cart')).toBe(false);
  });
  it('shows no frame component (Layout, ParentView) for modules and groups', async () => {
    const { shownComponent } = await import('./menu-logic');
    expect(shownComponent({ level: 1, component: 'Layout', path: '/general' })).toBeUndefined();
    expect(shownComponent({ level: 2, component: 'ParentView', path: '/general/sys' })).toBeUndefined();
    expect(shownComponent({ level: 3, component: 'general/menu', path: '/general/menu' })).toBeUndefined();
    expect(shownComponent({ level: 3, component: 'general/menu', path: '/admin/menus' })).toBe('general/menu');
  });
});
