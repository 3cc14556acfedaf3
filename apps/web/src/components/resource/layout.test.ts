import { ACTIONS } from '@tagloom/domain/menu/actions.ts';
import { MENU_TREE } from '@tagloom/domain/menu/tree.ts';
import { buttonsOf } from '@tagloom/domain/resource/buttons.ts';
import { allowedActions, statesOf, transitionOf } from '@tagloom/domain/resource/machine.ts';
import { CUSTOM_RESOURCES, RESOURCES } from '@tagloom/domain/resources/index.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrangeColumns, visibleColumns } from './column-settings';
import {
  actionsWidth,
  buttonsPlacement,
  columnMinWidthOf,
  columnWidthOf,
  defaultHiddenKeys,
  defaultOrder,
  fitToRoom,
  headerWidth,
  identifyingKey,
  SELECTION_WIDTH,
  scrollWidth,
  stateKey,
  TOOLBAR_ACTIONS_MAX,
  textWidth,
  toolbarWidth,
} from './layout';
import { listFields } from './model';
import { buttonsCol } from './SearchLayout';
import type { Field, ResourceDef } from './types';

const LANGS = ['zh_CN', 'zh_TW', 'en_US'] as const;
/**
 * Every declaration the console lists with the resource page: not the menu (a hand-made tree), nor a line
 * resource that is no menu screen (dictionary details, goods SKUs: shown inside their parent's form).
 */
const SCREENS = new Set(MENU_TREE.flatMap((m) => m.groups.flatMap((g) => g.screens.map((s) => s.component))));
const DECLARED = [...RESOURCES, ...CUSTOM_RESOURCES];
const LINES = new Set(DECLARED.flatMap((d) => (d.children ?? []).map((c) => c.resource.code)).filter((code) => !SCREENS.has(code)));
const LISTED = DECLARED.filter((d) => d.code !== 'general/menu' && !LINES.has(d.code)) as unknown as ResourceDef[];
/** The table's room on a 1366-pixel screen: the content card (1,158 px) less its padding. */
const ROOM_1366 = 1110;
/** The toolbar's room on a 1366-pixel screen (measured: the card's content box beside the open side menu). */
const TOOLBAR_ROOM_1366 = 1084;

describe('column widths', () => {
  it('never clip a header: every column is at least as wide as its title needs', () => {
    for (const def of LISTED)
      for (const f of listFields(def))
        for (const lang of LANGS)
          expect(columnWidthOf(f, lang), `${def.code}.${f.key} ${lang}`).toBeGreaterThanOrEqual(headerWidth(f.label[lang], f.sort));
  });

  it('measure wide (CJK) characters wider than latin ones', () => {
    expect(textWidth('状态')).toBeGreaterThan(textWidth('ab'));
    expect(headerWidth('Next fire time', true)).toBeGreaterThan(headerWidth('Next fire time'));
  });

  it('give the actions column room for its links side by side', () => {
    expect(actionsWidth(['Edit', 'Delete'], 'Actions')).toBeGreaterThan(textWidth('Edit') + textWidth('Delete'));
    expect(actionsWidth([], 'Actions')).toBe(headerWidth('Actions'));
  });

  it('scroll exactly the shown columns, the selection and the actions', () => {
    expect(scrollWidth([100, 200], true, 120)).toBe(100 + 200 + 48 + 120);
    expect(scrollWidth([100], false)).toBe(100);
  });
});

describe('default columns', () => {
  it('start from the declaration: hidden fields are out of the default view, back with the settings', () => {
    const keys = ['code', 'name', 'remark', 'createdAt'];
    expect(visibleColumns(keys, undefined, ['remark'])).toEqual(['code', 'name', 'createdAt']);
    // a saved choice wins; a column the settings never saw takes its default
    expect(visibleColumns(keys, { order: ['name', 'code', 'remark'], hidden: [] }, ['remark', 'createdAt'])).toEqual([
      'name',
      'code',
      'remark',
    ]);
    expect(arrangeColumns(keys, undefined, ['remark']).find((c) => c.key === 'remark')).toEqual({ key: 'remark', visible: false });
  });

  it('fit every declared list within a 1366-pixel screen in every language', () => {
    for (const def of LISTED) {
      const fields = listFields(def);
      const hidden = defaultHiddenKeys(fields);
      const shown = fields.filter((f) => !hidden.includes(f.key));
      for (const lang of LANGS) {
        // as the table lays them out: the columns give up their slack to the room left beside the fixed ones
        const fixed = SELECTION_WIDTH + actionsWidth(['Edit', 'Delete'], 'Actions', 60);
        const state = (f: Field) => f.key === def.machine?.field;
        const fitted = fitToRoom(
          shown.map((f) => columnWidthOf(f, lang, state(f))),
          shown.map((f) => columnMinWidthOf(f, lang, state(f))),
          ROOM_1366 - fixed,
        );
        const width = scrollWidth(fitted, true, fixed - SELECTION_WIDTH);
        expect(width, `${def.code} ${lang}: ${shown.map((f) => f.key).join(', ')}`).toBeLessThanOrEqual(ROOM_1366);
      }
    }
  });

  it('give up slack in proportion to fit the room, never below a minimum, and keep widths that fit', () => {
    expect(fitToRoom([200, 100, 150], [100, 100, 150], 500)).toEqual([200, 100, 150]);
    expect(fitToRoom([200, 100, 150], [100, 100, 150], 0)).toEqual([200, 100, 150]);
    expect(fitToRoom([200, 160, 150], [100, 80, 150], 410)).toEqual([144, 115, 150]);
    // even the minimums too wide (a phone): the widths as they are, the table scrolls
    expect(fitToRoom([200, 160, 150], [100, 80, 150], 200)).toEqual([200, 160, 150]);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 40, max: 300 }), fc.integer({ min: 0, max: 200 })), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 3000 }),
        (cols, room) => {
          const mins = cols.map(([m]) => m);
          const widths = cols.map(([m, extra]) => m + extra);
          const fitted = fitToRoom(widths, mins, room);
          const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
          fitted.forEach((w, i) => {
            expect(w).toBeGreaterThanOrEqual(mins[i]);
            expect(w).toBeLessThanOrEqual(widths[i]);
          });
          // it fits the room, or it is left as it was
          if (sum(fitted) > room) expect(fitted).toEqual(widths);
        },
      ),
    );
  });

  it('put the identifying column (code or name) first', () => {
    const byCode = (code: string) => LISTED.find((d) => d.code === code)!;
    const first = (code: string) => defaultOrder(listFields(byCode(code)), byCode(code).titleField)[0].key;
    expect(first('general/product')).toBe('code');
    expect(first('rfid/equipment')).toBe('equipmentCoding');
    expect(first('general/scheduler')).toBe('name');
    expect(first('general/user')).toBe('username');
    expect(identifyingKey([], 'x')).toBeUndefined();
  });

  it("put a declaration's state right after its code and name, before the other columns, in sight at 1366 px beside the row actions", () => {
    let checked = 0;
    for (const def of LISTED) {
      const fields = listFields(def);
      const state = stateKey(fields, def.machine?.field);
      if (!state) continue;
      const order = defaultOrder(fields, def.titleField, def.machine?.field);
      const at = order.findIndex((f) => f.key === state);
      const id = identifyingKey(fields, def.titleField);
      // only the identifying column and the row's name come before it
      expect(
        order.slice(0, at).every((f) => f.key === id || f.key === def.titleField),
        `${def.code}: ${order.map((f) => f.key).join(', ')}`,
      ).toBe(true);
      // the widest row actions a state of its machine offers (Edit, Delete and the moves it allows)
      const states = def.machine ? statesOf(def.machine) : [];
      for (const lang of LANGS) {
        const links = (value: unknown) => [
          'Edit',
          'Delete',
          ...(def.machine ? allowedActions(def.machine, value) : []).map((a) => ACTIONS[a as keyof typeof ACTIONS][lang]),
        ];
        const actions = Math.max(actionsWidth(links(undefined), 'Actions'), ...states.map((s) => actionsWidth(links(s.value), 'Actions')));
        const before = order.slice(0, at + 1).reduce((sum, f) => sum + columnWidthOf(f, lang, f.key === def.machine?.field), 0);
        expect(SELECTION_WIDTH + 40 + before + actions, `${def.code} ${lang}`).toBeLessThanOrEqual(ROOM_1366);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
    const keys = (code: string) => {
      const def = LISTED.find((d) => d.code === code)!;
      return defaultOrder(listFields(def), def.titleField, def.machine?.field).map((f) => f.key);
    };
    const order = keys('label/purchase-order');
    expect(order.indexOf('status')).toBeLessThan(order.indexOf('supplierId'));
    expect(keys('supply/purchase-order').indexOf('status')).toBe(1);
  });

  it('keep the state columns of the scheduler and of RFID equipment in the default view', () => {
    const shown = (code: string) => {
      const def = RESOURCES.find((r) => r.code === code) as unknown as ResourceDef;
      const fields = listFields(def);
      return visibleColumns(
        fields.map((f) => f.key),
        undefined,
        defaultHiddenKeys(fields),
      );
    };
    expect(shown('general/scheduler')).toEqual(expect.arrayContaining(['name', 'state', 'nextFireAt']));
    expect(shown('rfid/equipment')).toEqual(expect.arrayContaining(['equipmentCoding', 'onlineStatus', 'lastTimeOnline']));
  });
});

describe('search buttons', () => {
  it('sit at the end of the last row, after wide controls too', () => {
    expect(buttonsPlacement([1, 1, 1], 4)).toEqual({ span: 6, offset: 0 });
    expect(buttonsPlacement([1], 4)).toEqual({ span: 6, offset: 12 });
    expect(buttonsPlacement([1, 1, 1, 1], 4)).toEqual({ span: 6, offset: 18 });
    expect(buttonsPlacement([2, 1, 1], 4)).toEqual({ span: 6, offset: 18 });
    expect(buttonsPlacement([2, 1, 1, 1], 4)).toEqual({ span: 6, offset: 12 });
    // a wide control that does not fit the row starts the next one
    expect(buttonsPlacement([1, 1, 2], 3)).toEqual({ span: 8, offset: 0 });
    expect(buttonsCol([{ wide: true }, {}, {}, {}]).xl).toEqual({ span: 6, offset: 12 });
    expect(buttonsCol([{}]).xs).toEqual({ span: 24, offset: 0 });
  });
});

describe('toolbars', () => {
  /** The CRUD buttons the toolbar shows (./Toolbar.tsx), each with its icon, in its order. */
  const CRUD = ['add', 'edit', 'delete', 'import', 'export'] as const;
  /** The buttons a screen's own toolbar adds (ResourcePage's extraToolbar), each with its icon. */
  const EXTRA: Record<string, string[]> = { 'warehouse/bill': ['importAsn'] };
  const MENU_ACTIONS = { zh_CN: '操作', zh_TW: '操作', en_US: 'Actions' };
  /** The toolbar a user holding every button of the screen sees (the tenant's administrator). */
  const toolbarOf = (code: string, actions: readonly string[], lang: (typeof LANGS)[number]) => {
    const def = LISTED.find((d) => d.code === code);
    const transitions = def?.machine ? actions.filter((a) => Object.hasOwn(def.machine!.transitions, a)) : [];
    return [
      ...CRUD.filter((a) => actions.includes(a)).map((a) => ({ label: ACTIONS[a][lang], icon: true })),
      ...(transitions.length > TOOLBAR_ACTIONS_MAX
        ? [{ label: `${MENU_ACTIONS[lang]} 99`, icon: true }]
        : transitions.map((a) => ({ label: transitionOf(def!.machine!, a)?.label?.[lang] ?? ACTIONS[a as keyof typeof ACTIONS][lang] }))),
      ...(EXTRA[code] ?? [])
        .filter((a) => actions.includes(a))
        .map((a) => ({ label: ACTIONS[a as keyof typeof ACTIONS][lang], icon: true })),
    ];
  };

  it("keep a list's buttons and its tools on one row at 1366 px in every language", () => {
    const screens = LISTED.filter((d) => SCREENS.has(d.code));
    expect(screens.length).toBeGreaterThan(40);
    for (const def of screens)
      for (const lang of LANGS) {
        const buttons = toolbarOf(def.code, buttonsOf(def as never), lang);
        expect(toolbarWidth(buttons), `${def.code} ${lang}: ${buttons.map((b) => b.label).join(' | ')}`).toBeLessThanOrEqual(
          TOOLBAR_ROOM_1366,
        );
      }
  });

  it('measure the bill screen as the browser lays it out: its English buttons fit beside the tools', () => {
    const bill = LISTED.find((d) => d.code === 'warehouse/bill')!;
    const en = toolbarOf('warehouse/bill', buttonsOf(bill as never), 'en_US');
    expect(en.map((b) => b.label)).toEqual(['Add', 'Edit', 'Delete', 'Import', 'Export', 'Ship', 'Cancel', 'Zero-clear', 'Import ASN']);
    // "Send goods" and "Zero clearance" pushed the tools to a second row (a 1366-pixel screenshot)
    const before = en.map((b) => ({
      ...b,
      label: b.label === 'Ship' ? 'Send goods' : b.label === 'Zero-clear' ? 'Zero clearance' : b.label,
    }));
    expect(toolbarWidth(before)).toBeGreaterThan(TOOLBAR_ROOM_1366);
  });
});
