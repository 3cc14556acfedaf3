/**
 * Warehouse log (warehouse/log, feed F8): every move of a warehouse document, newest first, on the
 * feed's generic screen; the document type by its declaration's name, its states by its machine's
 * enum, a system move's action and mover in words.
 */
import { ACTIONS } from '@tagloom/domain/menu/actions.ts';
import { stateEnumOf } from '@tagloom/domain/resource/machine.ts';
import { wmsLogFeed } from '@tagloom/domain/resources/warehouse/log.ts';
import { useTranslation } from 'react-i18next';
import { actionName } from '../../../app/screen-names';
import { FeedPage, type FeedRow } from '../../../components/feed/FeedPage';
import { EnumValue } from '../../../components/resource/field-render';
import { resourceOf } from '../../../components/resource/registry';
import { normalizeLang } from '../../../domain';

const empty = <span className="ops-empty">-</span>;

export default function WarehouseLog() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const state = (key: 'fromState' | 'toState') => (row: FeedRow) => {
    const v = row[key];
    if (v === null || v === undefined) return empty;
    return <EnumValue enumName={stateEnumOf(resourceOf(String(row.docType)))} value={v} />;
  };
  return (
    <FeedPage
      feed={wmsLogFeed}
      testId="warehouse-log"
      render={{
        username: (row) => (row.username ? String(row.username) : t('wmsLog.systemUser')),
        docType: (row) => resourceOf(String(row.docType))?.names[lang] ?? String(row.docType),
        // a button's name; a system move (no button) has its own words
        action: (row) => {
          const a = String(row.action);
          return a in ACTIONS ? actionName(a, lang) : t(`wmsLog.system.${a}`, { defaultValue: a });
        },
        fromState: state('fromState'),
        toState: state('toState'),
      }}
    />
  );
}
