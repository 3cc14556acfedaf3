/**
 * Node-side: the console's catalogs as the browser ends up with them — the shell's (web +
 * web-parts/*) and the screens' (web-screens + web-screens-parts/*), per language. The tests read
 * them here, and the console's build cuts the screens' into the modules it loads from them
 * (apps/web/scripts/web-catalogs.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lang } from '../lang.js';
import { mergeCatalogs } from './merge.js';

const DIR = path.dirname(fileURLToPath(import.meta.url));
const FILE: Record<Lang, string> = { zh_CN: 'zh-CN.json', zh_TW: 'zh-TW.json', en_US: 'en-US.json' };
const read = (p: string) => JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;

function load(base: string, parts: string, lang: Lang): Record<string, unknown> {
  const partDir = path.join(DIR, parts);
  const areas = existsSync(partDir) ? readdirSync(partDir).sort() : [];
  return mergeCatalogs(read(path.join(DIR, base, FILE[lang])), ...areas.map((a) => read(path.join(partDir, a, FILE[lang]))));
}

export const webShellCatalog = (lang: Lang) => load('web', 'web-parts', lang);
export const webScreensCatalog = (lang: Lang) => load('web-screens', 'web-screens-parts', lang);

/** The files behind webScreensCatalog(lang): what to watch for a change of it. */
export function webScreensFiles(lang: Lang): string[] {
  const partDir = path.join(DIR, 'web-screens-parts');
  const areas = existsSync(partDir) ? readdirSync(partDir).sort() : [];
  return [path.join(DIR, 'web-screens', FILE[lang]), ...areas.map((a) => path.join(partDir, a, FILE[lang]))];
}

/** Some top-level sections of the screens' catalog (each whole, from every part that adds to it). */
export function webScreensSections(lang: Lang, sections: readonly string[]): Record<string, unknown> {
  const all = webScreensCatalog(lang);
  return Object.fromEntries(sections.filter((s) => s in all).map((s) => [s, all[s]]));
}
