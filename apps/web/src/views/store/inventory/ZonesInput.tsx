/** A count's zones: picked among the zones of the site chosen in the form (none: the whole site). */
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';

interface InputProps {
  value?: unknown;
  onChange?: (v: unknown) => void;
  onBlur?: () => void;
  id?: string;
  disabled?: boolean;
  /** the screen whose zones route answers (store/inventory, logistics/inventory) */
  screen: string;
}

export function ZonesInput({ disabled, screen, ...props }: InputProps) {
  const { t } = useTranslation();
  const siteId = Form.useWatch('siteId', Form.useFormInstance()) as number | undefined;
  const zones = useQuery({
    queryKey: [screen, 'zones', siteId],
    queryFn: () =>
      fetchData<{ list: { id: number; code: string; name: string }[] }>(`/${screen}/zones`, { params: { siteId }, silent: true }),
    enabled: !!siteId,
    staleTime: 30_000,
  });
  return (
    <Select
      {...props}
      value={Array.isArray(props.value) ? props.value : []}
      mode="multiple"
      allowClear
      disabled={disabled || !siteId}
      loading={zones.isFetching}
      placeholder={t('count.zonesPick')}
      options={(zones.data?.list ?? []).map((z) => ({ value: z.id, label: `${z.name} (${z.code})` }))}
      optionFilterProp="label"
      data-testid="field-zoneIds"
    />
  );
}
