/**
 * The Counts tab (store/inventory; logistics/inventory shows the same for warehouses): the
 * declaration's list, form and moves, the zones picked by name, an instruction's edit and a
 * non-self-built sheet's delete greyed out with the reason, and each count's drawer (./CountDrawer).
 */
import { ProfileOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@tagloom/domain/resource/define.ts';
import { countRowRefusal } from '@tagloom/domain/resources/store/inventory.ts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { normalizeLang } from '../../../domain';
import { CountDrawer } from './CountDrawer';
import { ScopeInput, scopeText } from './ScopeInput';
import { ZonesInput } from './ZonesInput';

type Row = Record<string, unknown>;

export function CountsTab({ def }: { def: ResourceDef }) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const [shown, setShown] = useState<Row>();
  const [reloadList, setReloadList] = useState<() => void>(() => () => {});
  return (
    <>
      <ResourcePage
        def={def}
        rowRefusal={(row, action) => {
          const key = countRowRefusal(row, action);
          return key ? t(key, { code: String(row.code ?? '') }) : undefined;
        }}
        columnOverrides={{
          zoneIds: (_v, row) => {
            const names = Array.isArray(row.zoneNames) ? (row.zoneNames as string[]) : [];
            return names.length ? (
              names.join(lang === 'en_US' ? ', ' : '、')
            ) : (
              <span className="resource-empty">{t('count.wholeSite')}</span>
            );
          },
          scope: (_v, row) =>
            scopeText(row, lang === 'en_US' ? ', ' : '、') ?? <span className="resource-empty">{t('count.allGoods')}</span>,
        }}
        formOverrides={{
          zoneIds: ({ disabled }) => <ZonesInput disabled={disabled} screen={def.code} />,
          scope: ({ disabled }) => <ScopeInput disabled={disabled} screen={def.code} />,
        }}
        extraRowActions={(row, { reload }) => (
          <Button
            type="link"
            size="small"
            icon={<ProfileOutlined />}
            onClick={() => {
              setReloadList(() => reload);
              setShown(row);
            }}
            data-testid="count-detail"
          >
            {t('count.detail')}
          </Button>
        )}
      />
      <CountDrawer screen={def.code} count={shown} onClose={() => setShown(undefined)} onChanged={() => reloadList()} />
    </>
  );
}
