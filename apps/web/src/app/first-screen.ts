/**
 * What the console's first screen needs before anything else, shared by the build (which cuts the
 * screens' catalog in two, scripts/web-catalogs.ts) and the runtime (which views may show with the
 * first part only, app/views.ts).
 *
 * The screens a session opens on (the menus' homes: the dashboards) and the catalog sections that
 * they and the shell show: loaded with the shell in the user's language only; the rest of the
 * catalog follows at idle, and every other screen waits for it.
 */
export const FIRST_SCREENS: readonly string[] = ['dashboard/admin', 'dashboard/editor'];

/**
 * The menu tree's first screen, so the home of every account that may see it (administrators,
 * site users): its code is fetched with the shell's while the sign-in request is on its way,
 * before the menu says where the user lands.
 */
export const LIKELY_HOME = 'dashboard/admin';

export const FIRST_SECTIONS: readonly string[] = [
  // the shell: its own texts (settings drawer, tag bar, menu search) and the jobs button
  'shell',
  'jobs',
  // the dashboards (the admin one also names ingest statuses and joins lists with resource.listSeparator)
  'dashboard',
  'rfidDash',
  'ingest',
  'resource',
];
