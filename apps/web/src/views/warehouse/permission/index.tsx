/**
 * Warehouse permission (warehouse/permission, E14): who may do what at a warehouse. The operations
 * are picked from the WmsOp enum and shown as tags; the zones are picked among the chosen
 * warehouse's zones (none: all of them) and shown by name; the user and warehouse by the names the
 * server gives each row.
 */
import { ENUMS } from '@tagloom/domain/enums.ts';
import { wmsGrantResource } from '@tagloom/domain/resources/warehouse/grant.ts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { normalizeLang } from '../../../domain';

interface InputProps {
  value?: unknown;
  onChange?: (v: unknown) => void;
  onBlur?: () => void;
  id?: string;
  disabled?: boolean;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function OpsInput({ disabled, ...props }: InputProps) {
  const { i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  return (
    <Select
      {...props}
      value={list(props.value)}
      mode="multiple"
      allowClear
      disabled={disabled}
      options={(ENUMS.WmsOp ?? []).map((o) => ({ value: o.value, label: o.label[lang] }))}
      optionFilterProp="label"
      data-testid="field-ops"
    />
  );
}

/** The zones of the warehouse chosen in the form (the warehouse's zone screen's rows). */
function ZonesInput({ disabled, ...props }: InputProps) {
  const { t } = useTranslation();
  const siteId = Form.useWatch('siteId', Form.useFormInstance()) as number | undefined;
  const zones = useQuery({
    queryKey: ['warehouse/permission', 'zones'],
    queryFn: () =>
      fetchData<{ list: { id: number; name: string; code: string; siteId: number }[] }>('/warehouse/management/list', {
        method: 'POST',
        data: { page: 1, pageSize: 500 },
        silent: true,
      }),
    staleTime: 30_000,
  });
  const options = (zones.data?.list ?? []).filter((z) => z.siteId === siteId).map((z) => ({ value: z.id, label: `${z.name} (${z.code})` }));
  return (
    <Select
      {...props}
      value={list(props.value)}
      mode="multiple"
      allowClear
      disabled={disabled || !siteId}
      loading={zones.isFetching}
      placeholder={t('wms.zoneAll')}
      options={options}
      optionFilterProp="label"
      data-testid="field-zoneIds"
    />
  );
}

export default function WarehousePermission() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const opName = (v: unknown) => ENUMS.WmsOp?.find((o) => o.value === v)?.label[lang] ?? String(v);
  return (
    <ResourcePage
      def={wmsGrantResource}
      rowTitle={(row) => `${String(row.username ?? '')} · ${String(row.siteName ?? '')}`}
      columnOverrides={{
        // named by the server (a keeper may not read the user list the picker would ask)
        userId: (v, row) => String(row.username || v),
        siteId: (v, row) => String(row.siteName || v),
        ops: (v) => (
          <Space size={[0, 4]} wrap>
            {list(v).map((op) => (
              <Tag key={String(op)}>{opName(op)}</Tag>
            ))}
          </Space>
        ),
        zoneIds: (_v, row) => {
          const names = list(row.zoneNames);
          return names.length ? names.join(lang === 'en_US' ? ', ' : '、') : <span className="resource-empty">{t('wms.zoneAll')}</span>;
        },
      }}
      formOverrides={{
        ops: ({ disabled }) => <OpsInput disabled={disabled} />,
        zoneIds: ({ disabled }) => <ZonesInput disabled={disabled} />,
      }}
    />
  );
}
