/** Language switcher: languages from the LANGUAGE_TYPE dictionary; tells the server when signed in. */
import { GlobalOutlined } from '@ant-design/icons';
import { LANGS, type Lang, normalizeLang } from '@tagloom/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { getToken } from '../app/auth';
import { applyLang, currentLang } from '../app/i18n';
import { reloadMenu } from '../app/load-menu';
import { fetchData, request } from '../app/request';

interface LangRow {
  num: string;
  name: string;
  nameTw: string;
  nameEn: string;
}

export function LangSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = currentLang();
  const { data } = useQuery({
    queryKey: ['languages'],
    queryFn: () => fetchData<LangRow[]>('/dictionaryDetail/v1.0/searchListByDicNum', { params: { num: 'LANGUAGE_TYPE' }, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const labelOf = (row: LangRow) => (lang === 'en_US' ? row.nameEn : lang === 'zh_TW' ? row.nameTw : row.name) || row.name;
  const options: { key: Lang; label: string }[] = data?.length
    ? data.map((row) => ({ key: normalizeLang(row.num), label: labelOf(row) }))
    : LANGS.map((key) => ({ key, label: t(`lang.${key}`) }));

  const onSelect = async (next: Lang) => {
    if (next === lang) return;
    await applyLang(next);
    if (!getToken()) return;
    try {
      const res = await request('/user/convertCurrLoginI18n', { params: { langeType: next } });
      message.success(res.msg || t('navbar.langSwitched'));
    } catch {
      // the request layer showed the server's message
    }
    await reloadMenu();
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{ items: options, selectable: true, selectedKeys: [lang], onClick: ({ key }) => void onSelect(key as Lang) }}
    >
      <button type="button" className={className} aria-label={t('navbar.language')} data-testid="lang-select">
        <GlobalOutlined />
      </button>
    </Dropdown>
  );
}
