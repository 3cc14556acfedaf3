import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScreen } from './ScreenContext';

/** Shown inside the shell for a menu screen whose view is not built yet: named by its title, never by its route code. */
export function Placeholder() {
  const { t } = useTranslation();
  const screen = useScreen();
  return (
    <div className="page-card" data-testid="placeholder">
      <Result status="info" title={screen.title} subTitle={t('placeholder.text', { name: screen.title })} />
    </div>
  );
}
