/**
 * Registry of lazily loaded views keyed by screens.md code ('general/dictionary' → views/general/dictionary/index.tsx).
 * A code without a hand-made view that names a declared resource gets the generic ResourcePage;
 * other codes get the "not available yet" placeholder.
 *
 * The resource declarations (they bring zod) load apart from the route table: the first screen does
 * not wait for them. Until they are in, a code without a hand-made view may still be a resource
 * screen; its view (viewOf) waits for them and then shows the generic page or the placeholder.
 * A view shows once its texts are in: the first screens' with the shell's, the others' with the
 * whole screens' catalog (app/i18n-screens.ts). A view fetched ahead renders without a Suspense
 * round (preloadable.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy } from 'react';
import { FIRST_SCREENS } from './first-screen';
import { loadScreenTexts, type ScreenTexts } from './i18n-screens';
import { type Preloadable, preloadable } from './preloadable';

type Load = () => Promise<{ default: ComponentType }>;

const modules = import.meta.glob<{ default: ComponentType }>('../views/**/index.tsx');
/**
 * A view's first data, fetched with the route table, before the view's code has arrived
 * (views/<code>/prefetch.ts exporting prefetch(queryClient); small, so bundled here).
 */
const prefetchers = import.meta.glob<(client: QueryClient) => unknown>('../views/**/prefetch.ts', { eager: true, import: 'prefetch' });

const codeOf = (file: string, suffix: RegExp) => file.replace('../views/', '').replace(suffix, '');
/**
 * A view's module with what it shows: its texts, and (every screen but the first ones) the resource
 * declarations, which bring the enums of their modules (a tag's status, an order's state): a view
 * drawn before them would show raw codes.
 */
const withTexts =
  (texts: ScreenTexts, load: Load): Load =>
  () =>
    Promise.all([load(), loadScreenTexts(texts), texts === 'all' ? loadResourceViews() : undefined]).then(([m]) => m);
const textsOf = (code: string): ScreenTexts => (FIRST_SCREENS.includes(code) ? 'first' : 'all');

/** the views by code: the hand-made ones, and the generic page of each resource screen once the declarations are in */
const VIEWS: Record<string, Preloadable<object>> = {};
for (const [file, load] of Object.entries(modules)) {
  const code = codeOf(file, /\/index\.tsx$/);
  VIEWS[code] = preloadable(withTexts(textsOf(code), load));
}
const PREFETCH: Record<string, (client: QueryClient) => unknown> = Object.fromEntries(
  Object.entries(prefetchers).map(([file, fn]) => [codeOf(file, /\/prefetch\.ts$/), fn]),
);

const loadPlaceholder: Load = () => import('../components/Placeholder').then((m) => ({ default: m.Placeholder }));
const ResourceScreen = preloadable(withTexts('all', () => import('../components/resource/ResourceScreen')));
const Placeholder = preloadable(loadPlaceholder);

let resources: Promise<void> | undefined;
let resourcesKnown = false;
let declared: () => void;
/** Resolves once the declarations are in (loaded by whoever needs them first: a screen, the idle prefetch). */
const resourcesIn = new Promise<void>((resolve) => {
  declared = resolve;
});

/**
 * Loads the resource declarations (a lazy chunk: they bring zod, which /login must not) once and
 * registers the generic page for each resource screen without a hand-made view.
 */
export function loadResourceViews(): Promise<void> {
  resources ??= import('../components/resource/registry').then(
    ({ SCREEN_RESOURCES }) => {
      for (const r of SCREEN_RESOURCES) if (!(r.code in VIEWS)) VIEWS[r.code] = ResourceScreen;
      resourcesKnown = true;
      declared();
    },
    (err) => {
      console.error('[resources]', err);
      resources = undefined;
      throw err;
    },
  );
  return resources;
}

/** Whether a view exists for the code; before the resource declarations are in, any code may be one of theirs. */
export const hasView = (code: string): boolean => code in VIEWS || !resourcesKnown;

/** The codes found to have no view once the declarations are in (the menu warns of them); does not load them. */
export async function missingViews(codes: string[]): Promise<string[]> {
  await resourcesIn;
  return codes.filter((code) => !(code in VIEWS));
}

const pending: Record<string, ComponentType> = {};
/** The component of a route: its view, the generic page once the declarations say so, or the placeholder. */
export function viewOf(code: string, exists: boolean): ComponentType {
  if (!exists) return Placeholder.current();
  // a view first shown before the declarations came keeps its component (a new one would remount it)
  const waiting = pending[code];
  if (waiting) return waiting;
  const known = VIEWS[code];
  if (known) return known.current();
  pending[code] = lazy(async () => {
    try {
      await loadResourceViews();
    } catch (err) {
      // the next render asks again
      delete pending[code];
      throw err;
    }
    // the view's own module (a lazy component may not resolve to another lazy one)
    return (VIEWS[code] ?? Placeholder).preload();
  });
  return pending[code];
}

/**
 * Starts what a screen needs before it renders, all at once: its code, its texts and its first
 * data (a view's prefetch.ts). For the home screen, as soon as the route table is known.
 */
export function preloadView(code: string, client: QueryClient): void {
  PREFETCH[code]?.(client);
  preloadViewCode(code);
}

/** Fetches a view's code and texts ahead, before the menu has said the screen is the user's (no data: no session yet). */
export function preloadViewCode(code: string): void {
  VIEWS[code]?.preload().catch(() => {
    // the view's own load reports it when it renders
  });
}

/** The generic resource framework (declarations, page, table, form), fetched at idle after the first screen. */
export function prefetchResourceFramework(): Promise<unknown> {
  return Promise.all([loadResourceViews(), ResourceScreen.preload()]);
}
