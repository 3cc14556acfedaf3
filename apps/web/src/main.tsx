// first: the Content-Security-Policy setup runs before any other module
import './csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot';
import { installErrorLog } from './app/stores/error-log';
import './app/i18n';
// antd's components' styles, whole (the theme runs in zero-runtime mode: AppRoot.tsx)
import 'antd/dist/antd.css';
import './styles.css';

installErrorLog(import.meta.env.PROD);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
