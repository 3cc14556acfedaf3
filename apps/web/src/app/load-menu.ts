/** Fetches the menu once per session and builds the routes; on failure logs out (spec §2). */
import { LOGIN_TYPE, MENU_FAIL_REDIRECT_MS, type MenuItem, SESSION_INVALID_MESSAGE_MS } from '../domain';
import { getLoginType, saveMenus } from './auth';
import { bridge } from './bridge';
import i18n, { currentLang } from './i18n';
import { buildRoutes } from './menu-routes';
import { queryClient } from './query-client';
import { fetchData } from './request';
import { usePermissionStore } from './stores/permission';
import { useUserStore } from './stores/user';
import { hasView, loadResourceViews } from './views';

let inFlight: Promise<void> | null = null;

async function fetchAndBuild(): Promise<void> {
  const [menus] = await Promise.all([
    queryClient.fetchQuery({
      queryKey: ['menu', currentLang()],
      queryFn: () =>
        fetchData<MenuItem[]>('/menu/selectMenuByCurrentUserId', { method: 'POST', data: {}, silent: true, sessionPrompt: false }),
      staleTime: 0,
    }),
    // resource screens are known only once their declarations are loaded
    loadResourceViews().catch((err) => console.error('[resources]', err)),
  ]);
  const built = buildRoutes(menus, hasView, (code) => console.warn(`[menu] no view for component "${code}"`));
  saveMenus(menus);
  usePermissionStore.getState().setBuilt(built);
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

export function loadMenuOnce(): Promise<void> {
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
