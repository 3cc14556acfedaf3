/** Navbar language switcher. */
import { GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../domain';
import { useLanguages } from './use-languages';

export function LangSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { lang, options, switchTo } = useLanguages();
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items: options, selectable: true, selectedKeys: [lang], onClick: ({ key }) => void switchTo(key as Lang) }}
    >
      <button type="button" className={className} aria-label={t('navbar.language')} data-testid="lang-select">
        <GlobalOutlined />
      </button>
    </Dropdown>
  );
}
