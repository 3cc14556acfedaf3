/** Fetches the menu once per session and builds the routes; on failure logs out (spec §2). */
import { LOGIN_TYPE, MENU_FAIL_REDIRECT_MS, type MenuItem, SESSION_INVALID_MESSAGE_MS } from '../domain';
import { getLoginType, saveMenus } from './auth';
import { bridge } from './bridge';
import { LIKELY_HOME } from './first-screen';
import i18n, { currentLang, localeReady } from './i18n';
import { loadScreenTexts } from './i18n-screens';
import { buildRoutes } from './menu-routes';
import { queryClient } from './query-client';
import { fetchData } from './request';
import { usePermissionStore } from './stores/permission';
import { useUserStore } from './stores/user';
import { hasView, missingViews, preloadView, preloadViewCode } from './views';

let inFlight: Promise<void> | null = null;

async function fetchAndBuild(): Promise<void> {
  // the shell's and the first screen's texts (and the language's dates) come with the menu; the rest of the catalog later
  const [menus] = await Promise.all([
    queryClient.fetchQuery({
      queryKey: ['menu', currentLang()],
      queryFn: () =>
        fetchData<MenuItem[]>('/menu/selectMenuByCurrentUserId', { method: 'POST', data: {}, silent: true, sessionPrompt: false }),
      staleTime: 0,
    }),
    loadScreenTexts('first'),
    localeReady,
  ]);
  // the resource declarations are not awaited: a screen of theirs waits for them itself (views.ts)
  const built = buildRoutes(menus, hasView);
  // the screen about to show (the one asked for, else home): its code, texts and data at once, while the layout draws
  const first = built.byPath[window.location.pathname] ?? built.byPath[built.home];
  if (first?.hasView) preloadView(first.code, queryClient);
  saveMenus(menus);
  usePermissionStore.getState().setBuilt(built);
  void missingViews(built.routes.map((r) => r.code)).then((codes) => {
    for (const code of codes) console.warn(`[menu] no view for component "${code}"`);
  });
}

async function onFailure(err: unknown): Promise<void> {
  const kind = (err as { kind?: string }).kind;
  // the request layer has already shown it and moved to /TipsError, which the guard lets through
  if (kind === 'network') return;
  if (kind === 'session') {
    // no page to stay on yet (spec §8's prompt offers that): say why and sign in again
    bridge.message?.error({ content: (err as Error).message || 'Error', duration: SESSION_INVALID_MESSAGE_MS / 1000 });
    useUserStore.getState().clearLocal();
    return;
  }
  console.error('[menu]', err);
  const type = getLoginType();
  await useUserStore.getState().logout();
  bridge.message?.error(i18n.t('menu.verifyFailed'));
  if (type === LOGIN_TYPE.PASSWORD) bridge.navigate?.('/loginDefault', { replace: true });
  else setTimeout(() => bridge.navigate?.('/401', { replace: true }), MENU_FAIL_REDIRECT_MS);
}

/**
 * Fetches the first texts and the likely home screen's code ahead (during the sign-in request, with
 * the layout's: Router.tsx); errors wait for their real use.
 */
export function preloadShell(): void {
  void loadScreenTexts('first').catch(() => undefined);
  preloadViewCode(LIKELY_HOME);
}

export function loadMenuOnce(): Promise<void> {
  // asked for twice (at sign-in, then by the guard), after the first has already built the routes
  if (usePermissionStore.getState().built) return Promise.resolve();
  if (!inFlight) {
    inFlight = fetchAndBuild()
      .catch(onFailure)
      .finally(() => {
        inFlight = null;
      });
  }
  return inFlight;
}

/** Rebuilds the routes after a language switch (menu names are localized by the server). */
export async function reloadMenu(): Promise<void> {
  try {
    await fetchAndBuild();
  } catch (err) {
    console.error('[menu]', err);
  }
}
