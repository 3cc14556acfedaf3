/** The navigation rules of spec §2 as one pure decision, so they can be tested without a browser. */
import { LOGIN_TYPE } from '../domain';

export const LOGIN_PATHS = ['/login', '/loginDefault'];
/** what an unauthenticated user may see */
export const WHITE_LIST = ['/login', '/loginDefault', '/401'];
/** error pages a signed-in user sees even before the menu is loaded (a failed menu call leads to them) */
export const ERROR_PATHS = ['/401', '/404', '/TipsError'];

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'loadMenu' };

export interface GuardInput {
  path: string;
  hasToken: boolean;
  loginType: string | undefined;
  routesLoaded: boolean;
}

export function decide({ path, hasToken, loginType, routesLoaded }: GuardInput): GuardDecision {
  if (hasToken) {
    if (LOGIN_PATHS.includes(path)) return { kind: 'redirect', to: '/' };
    if (!routesLoaded && !ERROR_PATHS.includes(path)) return { kind: 'loadMenu' };
    return { kind: 'allow' };
  }
  if (WHITE_LIST.includes(path)) return { kind: 'allow' };
  return { kind: 'redirect', to: loginType === LOGIN_TYPE.PASSWORD ? '/loginDefault' : '/login' };
}
