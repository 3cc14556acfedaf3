import { describe, expect, it } from 'vitest';
import { buttonsOf, withButtons } from '../resource/buttons.js';
import { CUSTOM_RESOURCES, DOMAIN_MODULES, RESOURCES, SEEDED_MENU_TREE } from '../resources/index.js';
import oldTree from './__fixtures__/menu-tree.json' with { type: 'json' };
import { MENU_TREE } from './tree.js';

describe('the menu split per module', () => {
  it('is the same tree as the one hand-written file it was (codes, order, names, icons, sides, buttons)', () => {
    // the fixture is the old menu/tree.ts's MENU_TREE as JSON, captured before the split
    expect(JSON.parse(JSON.stringify(SEEDED_MENU_TREE))).toEqual(oldTree);
  });

  it('lists the modules in one place each: the root tree holds exactly the domain modules’ menus, in order', () => {
    expect(MENU_TREE).toEqual(DOMAIN_MODULES.map((m) => m.menu));
    for (const [i, m] of MENU_TREE.entries()) expect(m).toBe(DOMAIN_MODULES[i].menu);
  });

  it('takes a declared screen’s buttons from its declaration only', () => {
    const screens = new Map(MENU_TREE.flatMap((m) => m.groups.flatMap((g) => g.screens)).map((s) => [s.component, s]));
    const seeded = new Map(SEEDED_MENU_TREE.flatMap((m) => m.groups.flatMap((g) => g.screens)).map((s) => [s.component, s]));
    // a line resource (its parent's screen guards it) has no menu entry of its own
    for (const def of [...RESOURCES, ...CUSTOM_RESOURCES].filter((d) => (d.screen ?? d.code) === d.code)) {
      expect(screens.get(def.code)?.actions, def.code).toBeUndefined();
      expect(seeded.get(def.code)?.actions, def.code).toEqual(buttonsOf(def));
    }
  });
});

describe('buttonsOf', () => {
  it('is the CRUD subset, then the machine’s transitions, then the extra actions, each once', () => {
    const def = {
      code: 'x/y',
      crud: ['query', 'edit'] as const,
      machine: { transitions: { pause: {}, stop: {} } },
      extraActions: ['stop', 'print'] as const,
    };
    expect(buttonsOf({ ...def, crud: [...def.crud], extraActions: [...def.extraActions] })).toEqual([
      'query',
      'edit',
      'pause',
      'stop',
      'print',
    ]);
    expect(buttonsOf({ code: 'x/z' })).toEqual(['query', 'add', 'edit', 'delete', 'import', 'export']);
    expect(() => buttonsOf({ code: 'x/w', crud: ['add'] })).toThrow(/query/);
  });

  it('refuses buttons declared twice, a screen without any, and a declaration without a menu entry', () => {
    const tree = (actions?: 'query'[]) => [
      {
        code: 'x',
        icon: 'I',
        names: { zh_CN: 'x', zh_TW: 'x', en_US: 'x' },
        groups: [
          {
            code: 'g',
            icon: 'I',
            names: { zh_CN: 'g', zh_TW: 'g', en_US: 'g' },
            screens: [{ component: 'x/a', side: 'T' as const, icon: 'I', names: { zh_CN: 'a', zh_TW: 'a', en_US: 'a' }, actions }],
          },
        ],
      },
    ];
    expect(() => withButtons(tree(['query']), [{ code: 'x/a' }])).toThrow(/declared on its resource/);
    expect(() => withButtons(tree(), [])).toThrow(/no buttons/);
    expect(() => withButtons(tree(), [{ code: 'x/a' }, { code: 'x/b' }])).toThrow(/x\/b/);
    expect(withButtons(tree(), [{ code: 'x/a' }, { code: 'x/a-line', screen: 'x/a' }])[0].groups[0].screens[0].actions).toEqual([
      'query',
      'add',
      'edit',
      'delete',
      'import',
      'export',
    ]);
  });
});
