/** Providers: query cache, antd theme/locale/size from the settings, the router. */
import { normalizeLang } from '@tagloom/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { ANTD_LOCALE } from './antd-locale';
import { Bridge } from './Bridge';
import { queryClient } from './query-client';
import { Router } from './Router';
import { useSettingsStore } from './stores/settings';

const ANTD_SIZE = { small: 'small', medium: 'middle', large: 'large' } as const;

export function AppRoot() {
  const { i18n } = useTranslation();
  const themeColor = useSettingsStore((s) => s.themeColor);
  const size = useSettingsStore((s) => s.size);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={ANTD_LOCALE[normalizeLang(i18n.language)]}
        componentSize={ANTD_SIZE[size]}
        theme={{ token: { colorPrimary: themeColor, colorInfo: themeColor, borderRadius: 4 } }}
      >
        <AntApp>
          <BrowserRouter>
            <Bridge />
            <Router />
          </BrowserRouter>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
