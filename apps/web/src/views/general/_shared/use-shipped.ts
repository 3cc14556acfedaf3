/** The shipped-data texts (./shipped.ts) of the console's catalogs in the current language. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, normalizeLang } from '../../../domain';
import {
  type CatalogGet,
  localizeItems,
  localizeRow,
  moduleName,
  SHIPPED_KEY,
  shippedByText,
  shippedFields,
  shippedItem,
  shippedText,
} from './shipped';

export function useShipped() {
  const { i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  return useMemo(() => {
    const get: CatalogGet = (l: Lang, key: string) => i18n.getResource(l, 'translation', key);
    return {
      lang,
      get,
      /** `stored` (field `field` of the row coded `code` on `screen`) in the user's language when it is a shipped text. */
      text: (screen: string, code: unknown, field: string, stored: unknown) => shippedText(get, lang, screen, code, field, stored),
      /** the same for a row: its code is read from the screen's key field */
      field: (screen: string, row: Record<string, unknown>, field: string) =>
        shippedText(get, lang, screen, row[SHIPPED_KEY[screen] ?? 'code'], field, row[field]),
      /** a list field's items (options, attributes) with their names in the user's language */
      items: (screen: string, row: Record<string, unknown>, field: string) =>
        localizeItems(get, lang, screen, row[SHIPPED_KEY[screen] ?? 'code'], field, row[field]),
      item: (screen: string, row: Record<string, unknown>, field: string, item: { code?: unknown; name?: unknown }) =>
        shippedItem(get, lang, screen, row[SHIPPED_KEY[screen] ?? 'code'], field, item),
      /** a shipped text of another screen's row known by its text only (a ref shown by name) */
      byText: (screen: string, field: string, stored: unknown) => shippedByText(get, lang, screen, field, stored),
      row: <T extends Record<string, unknown>>(screen: string, row: T) => localizeRow(get, lang, screen, row),
      fields: (screen: string) => shippedFields(get, lang, screen),
      module: (code: unknown) => moduleName(get, lang, code),
    };
  }, [i18n, lang]);
}

export type Shipped = ReturnType<typeof useShipped>;
