import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../lang.js';
import { SEEDED_MENU_TREE } from '../resources/index.js';
import { ACTIONS } from './actions.js';
import { isPlatformScreen, MENU_TREE, PLATFORM_SCREENS } from './tree.js';

const screens = MENU_TREE.flatMap((m) => m.groups.flatMap((g) => g.screens));
const screensMd = path.resolve(__dirname, '../../../../../shared/screens.md');

describe('the seeded menu tree', () => {
  it('has unique screen codes, each under the module its code names', () => {
    const codes = screens.map((s) => s.component);
    expect(new Set(codes).size).toBe(codes.length);
    for (const m of MENU_TREE) for (const g of m.groups) for (const s of g.screens) expect(s.component.split('/')[0]).toBe(m.code);
  });

  it('names every module, group and screen in all three languages', () => {
    const named = [...MENU_TREE, ...MENU_TREE.flatMap((m) => m.groups), ...screens];
    for (const n of named) for (const l of LANGS) expect(n.names[l], `${JSON.stringify(n.names)} ${l}`).toBeTruthy();
  });

  it('gives every screen query and only known buttons', () => {
    for (const s of SEEDED_MENU_TREE.flatMap((m) => m.groups.flatMap((g) => g.screens))) {
      expect(s.actions).toContain('query');
      for (const a of s.actions) expect(ACTIONS).toHaveProperty(a);
      expect(new Set(s.actions).size).toBe(s.actions.length);
    }
  });

  it.skipIf(!existsSync(screensMd))('holds exactly the screens of shared/screens.md', () => {
    const md = readFileSync(screensMd, 'utf8');
    const inMd = [...md.matchAll(/^\| ([a-z-]+\/[a-z0-9-]+) \|/gm)].map((m) => m[1]);
    // screens an issue asked for beyond the spec's list: integration keys (issue 33, the EPCIS interface's partners)
    const beyond = ['tenant/integration-key'];
    expect(
      screens
        .map((s) => s.component)
        .filter((c) => !beyond.includes(c))
        .sort(),
    ).toEqual(inMd.sort());
    for (const c of beyond) expect(inMd).not.toContain(c);
  });
});

describe('platform-only screens', () => {
  it('are the platform-side screens of the tree, the whole General module among them', () => {
    for (const s of screens) expect(isPlatformScreen(s.component)).toBe(s.side === 'P');
    for (const s of MENU_TREE.find((m) => m.code === 'general')!.groups.flatMap((g) => g.screens))
      expect(PLATFORM_SCREENS.has(s.component)).toBe(true);
    expect(isPlatformScreen('tenant/role')).toBe(false);
  });
});
