/** Providers: query cache, antd theme/locale/size from the settings, the router. */

import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { CSP_NONCE } from '../csp';
import { normalizeLang } from '../domain';
import { antdLocale, loadLocale } from './antd-locale';
import { Bridge } from './Bridge';
import { queryClient } from './query-client';
import { Router } from './Router';
import { usePrefersReducedMotion } from './reduced-motion';
import { useSettingsStore } from './stores/settings';

const ANTD_SIZE = { small: 'small', medium: 'middle', large: 'large' } as const;
/** antd's style elements carry the page's Content-Security-Policy nonce */
const CSP = CSP_NONCE ? { nonce: CSP_NONCE } : undefined;

export function AppRoot() {
  const { i18n } = useTranslation();
  const themeColor = useSettingsStore((s) => s.themeColor);
  const size = useSettingsStore((s) => s.size);
  const reducedMotion = usePrefersReducedMotion();
  const lang = normalizeLang(i18n.language);
  // antd's locale arrives after the first paint of /login (which shows none of its texts)
  const [, localeLoaded] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!antdLocale(lang)) loadLocale(lang).then(localeLoaded, () => undefined);
  }, [lang]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        csp={CSP}
        locale={antdLocale(lang)}
        componentSize={ANTD_SIZE[size]}
        // zero runtime: the components' styles come from antd's own stylesheet (main.tsx), not made in the
        // page at each component's first render (about a third of a screen's first-load script time);
        // the theme's tokens (colour, radius, motion) still reach them as CSS variables
        theme={{ zeroRuntime: true, token: { colorPrimary: themeColor, colorInfo: themeColor, borderRadius: 4, motion: !reducedMotion } }}
      >
        <BrowserRouter>
          <Bridge />
          <Router />
        </BrowserRouter>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
