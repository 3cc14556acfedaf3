/**
 * The screens' catalog sections (dashboards, resource pages, logs …), loaded in the user's
 * language only, after /login: first the sections the shell and the first screen show (with the
 * route table, before the layout draws), then the rest (at idle after the first screen, or when a
 * screen needs it). A language switch loads the same parts in the new language before it applies.
 * The modules are cut at build time (scripts/web-catalogs.ts).
 */
import type { Lang } from '../domain';
import i18n, { beforeLanguageChange, currentLang } from './i18n';

export type ScreenTexts = 'first' | 'all';

type Loader = () => Promise<{ default: Record<string, unknown> }>;
// one chunk per language and part; the bundler needs each import() spelled out
const MODULES: Record<Lang, Record<ScreenTexts, Loader>> = {
  zh_CN: { first: () => import('virtual:web-screens/zh_CN-first'), all: () => import('virtual:web-screens/zh_CN-all') },
  zh_TW: { first: () => import('virtual:web-screens/zh_TW-first'), all: () => import('virtual:web-screens/zh_TW-all') },
  en_US: { first: () => import('virtual:web-screens/en_US-first'), all: () => import('virtual:web-screens/en_US-all') },
};

const loaded = new Map<string, Promise<void>>();
/** the parts asked for so far: a language switch brings the same ones in the new language */
const wanted = new Set<ScreenTexts>();

let shipped: Promise<void> | undefined;
/**
 * The shipped rows' texts in every language (views/general/_shared/shipped.ts shows a stored text in
 * the user's language when it is the shipped text in any language: it must know them all), once.
 */
function loadShipped(): Promise<void> {
  shipped ??= import('virtual:web-screens/shipped').then(
    (m) => {
      for (const [lang, sections] of Object.entries(m.default as Record<string, Record<string, unknown>>))
        i18n.addResourceBundle(lang, 'translation', sections, true, false);
    },
    (err) => {
      shipped = undefined;
      throw err;
    },
  );
  return shipped;
}

function load(lang: Lang, part: ScreenTexts): Promise<void> {
  const key = `${lang}/${part}`;
  let p = loaded.get(key);
  if (!p) {
    p = Promise.all([MODULES[lang][part](), part === 'all' ? loadShipped() : undefined])
      .then(([m]) => m)
      .then(
        (m) => {
          i18n.addResourceBundle(lang, 'translation', m.default, true, true);
        },
        (err) => {
          // a failed load (network) is tried again by the next screen that needs it
          loaded.delete(key);
          throw err;
        },
      );
    loaded.set(key, p);
  }
  return p;
}

/** Loads a part of the screens' catalog in the current language (once); 'all' holds 'first'. */
export function loadScreenTexts(part: ScreenTexts): Promise<void> {
  wanted.add(part);
  const lang = currentLang();
  // the whole catalog already holds the first part's sections
  if (part === 'first' && loaded.has(`${lang}/all`)) return load(lang, 'all');
  return load(lang, part);
}

beforeLanguageChange.push((lang) => (wanted.size ? load(lang, wanted.has('all') ? 'all' : 'first') : Promise.resolve()));
