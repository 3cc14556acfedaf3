/** Languages from the LANGUAGE_TYPE dictionary, and switching between them (tells the server when signed in). */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getToken } from '../app/auth';
import { useMessage } from '../app/bridge';
import { applyLang, currentLang } from '../app/i18n';
import { fetchData, request } from '../app/request';
import { LANGS, type Lang, normalizeLang } from '../domain';

interface LangRow {
  num: string;
  name: string;
  nameTw: string;
  nameEn: string;
}

export function useLanguages(): { lang: Lang; options: { key: Lang; label: string }[]; switchTo: (next: Lang) => Promise<void> } {
  const { t } = useTranslation();
  const message = useMessage();
  const lang = currentLang();
  const { data } = useQuery({
    queryKey: ['languages'],
    queryFn: () => fetchData<LangRow[]>('/dictionaryDetail/v1.0/searchListByDicNum', { params: { num: 'LANGUAGE_TYPE' }, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const labelOf = (row: LangRow) => (lang === 'en_US' ? row.nameEn : lang === 'zh_TW' ? row.nameTw : row.name) || row.name;
  // num is e.g. zh_CN: its first two characters are the base language, the rest picks the variant
  const options = data?.length
    ? data.map((row) => ({ key: normalizeLang(row.num), label: labelOf(row) }))
    : LANGS.map((key) => ({ key, label: t(`lang.${key}`) }));

  const switchTo = async (next: Lang) => {
    if (next === currentLang()) return;
    await applyLang(next);
    if (!getToken()) return;
    try {
      const res = await request('/user/convertCurrLoginI18n', { params: { langeType: next } });
      message.success(res.msg || t('navbar.langSwitched'));
    } catch {
      // the request layer showed the server's message
    }
    await (await import('../app/load-menu')).reloadMenu();
  };
  return { lang, options, switchTo };
}
