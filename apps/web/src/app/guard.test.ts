import { describe, expect, it } from 'vitest';
import { decide } from './guard';

const base = { hasToken: false, loginType: undefined, routesLoaded: false };

describe('route guard', () => {
  it('sends a logged-in user on /login or /loginDefault to /', () => {
    expect(decide({ ...base, path: '/login', hasToken: true, routesLoaded: true })).toEqual({ kind: 'redirect', to: '/' });
    expect(decide({ ...base, path: '/loginDefault', hasToken: true })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('loads the menu once after login', () => {
    expect(decide({ ...base, path: '/general/tenant', hasToken: true })).toEqual({ kind: 'loadMenu' });
    expect(decide({ ...base, path: '/general/tenant', hasToken: true, routesLoaded: true })).toEqual({ kind: 'allow' });
  });

  it('shows a signed-in user the error pages before the menu is loaded (a failed menu call leads there)', () => {
    for (const path of ['/401', '/404', '/TipsError']) expect(decide({ ...base, path, hasToken: true })).toEqual({ kind: 'allow' });
  });

  it('lets an unauthenticated user see only /login, /loginDefault and /401', () => {
    for (const path of ['/login', '/loginDefault', '/401']) expect(decide({ ...base, path })).toEqual({ kind: 'allow' });
    for (const path of ['/', '/404', '/TipsError', '/general/tenant']) expect(decide({ ...base, path }).kind).toBe('redirect');
  });

  it("sends others to /loginDefault when the login type is '1', else to /login", () => {
    expect(decide({ ...base, path: '/x', loginType: '1' })).toEqual({ kind: 'redirect', to: '/loginDefault' });
    expect(decide({ ...base, path: '/x', loginType: '0' })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide({ ...base, path: '/x' })).toEqual({ kind: 'redirect', to: '/login' });
  });
});
