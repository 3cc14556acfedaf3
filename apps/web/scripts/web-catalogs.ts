/**
 * Vite plugin: the screens' catalog (web-screens + web-screens-parts/*) as one module per language
 * and part, built by the same code the i18n tests read it with (@tagloom/domain/i18n/load-web.ts),
 * so that the browser loads only its user's language, and the first screen's sections first
 * (relative imports: the config's bundler inlines them, where a package's .ts would reach Node as is):
 *   virtual:web-screens/<lang>-first  the sections of FIRST_SECTIONS (src/app/first-screen.ts)
 *   virtual:web-screens/<lang>-all    the whole catalog
 *   virtual:web-screens/shipped       the shipped rows' texts, every language
 * (so named, the chunks are too: zh_CN-first-<hash>.js)
 * A part added under web-screens-parts is picked up without a change here.
 */

import type { Plugin } from 'vite';
import { webScreensCatalog, webScreensFiles, webScreensSections } from '../../../packages/domain/src/i18n/load-web.ts';
import { LANGS, type Lang } from '../../../packages/domain/src/lang.ts';
import { FIRST_SECTIONS } from '../src/app/first-screen';

const PREFIX = 'virtual:web-screens/';
/**
 * virtual:web-screens/shipped: the shipped rows' texts in every language (a stored text is shown in
 * the user's language when it is the shipped text in any of them: views/general/_shared/shipped.ts)
 */
const SHIPPED = `${PREFIX}shipped`;
const SHIPPED_SECTIONS = ['shipped', 'shippedAttrs'];

export function webScreenCatalogs(): Plugin {
  return {
    name: 'tagloom-web-screens',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      if (id === `\0${SHIPPED}`) {
        for (const lang of LANGS) for (const file of webScreensFiles(lang)) this.addWatchFile(file);
        const texts = Object.fromEntries(LANGS.map((lang) => [lang, webScreensSections(lang, SHIPPED_SECTIONS)]));
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))});`;
      }
      const [lang, part] = id.slice(PREFIX.length + 1).split('-') as [Lang, string];
      if (!LANGS.includes(lang) || (part !== 'first' && part !== 'all')) throw new Error(`unknown catalog module ${id}`);
      for (const file of webScreensFiles(lang)) this.addWatchFile(file);
      const catalog = part === 'first' ? webScreensSections(lang, FIRST_SECTIONS) : webScreensCatalog(lang);
      // JSON.parse of a string literal parses faster than the same object as a literal
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(catalog))});`;
    },
  };
}
