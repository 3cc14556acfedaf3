import { describe, expect, it } from 'vitest';
import { webScreensCatalog } from '../i18n/load-web.js';
import { LANGS, type Lang } from '../lang.js';
import { ACTIONS } from '../menu/actions.js';
import { CUSTOM_RESOURCES, RESOURCES } from '../resources/index.js';
import { confirmTitleKey } from './machine.js';

const at = (catalog: Record<string, unknown>, key: string): string =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], catalog) as string;
const count = (text: string, word: string) => text.toLowerCase().split(word.toLowerCase()).length - 1;

const DEFS = [...RESOURCES, ...CUSTOM_RESOURCES];
/** Every action a declaration's state machine offers (those a confirmation can name). */
const machineActions = [...new Set(DEFS.flatMap((d) => Object.keys(d.machine?.transitions ?? {})))];
/** The names actions are shown by: each button's, and a transition's own name where it has one. */
const names = (lang: Lang): [string, string][] => [
  ...Object.entries(ACTIONS).map(([action, l]) => [action, l[lang]] as [string, string]),
  ...DEFS.flatMap((d) =>
    Object.entries(d.machine?.transitions ?? {}).flatMap(([action, tr]) =>
      tr.label ? [[`${d.code}.${action}`, tr.label[lang]] as [string, string]] : [],
    ),
  ),
];

describe('confirmation titles', () => {
  it('finds the actions of the declarations', () => {
    expect(machineActions).toEqual(expect.arrayContaining(['confirm', 'cancelConfirm', 'void', 'submit']));
  });

  for (const lang of LANGS as readonly Lang[]) {
    it(`read naturally in ${lang} for every action of every declaration, and every button`, () => {
      const catalog = webScreensCatalog(lang);
      const word = ACTIONS.confirm[lang];
      // an action of a machine is a declared button: shown by its name, never its code
      for (const action of machineActions)
        expect([action, typeof (ACTIONS as Record<string, unknown>)[action]]).toEqual([action, 'object']);
      for (const [action, label] of names(lang)) {
        const template = at(catalog, confirmTitleKey(label, lang));
        expect([action, typeof template]).toEqual([action, 'string']);
        const title = template.replaceAll('{{action}}', label);
        expect(title).toContain(label);
        expect(title).not.toMatch(/\{\{|\}\}/);
        // the confirm word at most once more than the name has it: no "确认确认", no "Confirm: Confirm"
        expect([action, count(title, word)]).toEqual([action, Math.max(1, count(label, word))]);
      }
    });
  }

  it('asks "确认确认" as a question instead, and keeps "确认作废"', () => {
    expect(confirmTitleKey(ACTIONS.confirm.zh_CN, 'zh_CN')).toBe('machine.confirmAsk');
    expect(confirmTitleKey(ACTIONS.cancelConfirm.zh_TW, 'zh_TW')).toBe('machine.confirmAsk');
    expect(confirmTitleKey(ACTIONS.confirm.en_US, 'en_US')).toBe('machine.confirmAsk');
    expect(confirmTitleKey(ACTIONS.void.zh_CN, 'zh_CN')).toBe('machine.confirmTitle');
    expect(at(webScreensCatalog('zh_CN'), 'machine.confirmAsk').replace('{{action}}', '确认')).toBe('确定要确认吗？');
  });
});
