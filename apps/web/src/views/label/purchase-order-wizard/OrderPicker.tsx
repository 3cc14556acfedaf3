/**
 * Step 1's picker of commodity purchase orders: searched on the server by order or contract number,
 * offering only the orders a label order may be made from (repealed ones are not listed), each
 * with its contract and state; orders already added are left out.
 */
import { ENUMS } from '@tagloom/domain/enums.ts';
import '@tagloom/domain/resources/supply/chain/enums.ts';
import type { WizardOrder } from '@tagloom/domain/resources/label/orders/wizard.api.ts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { normalizeLang } from '../../../domain';

const DEBOUNCE_MS = 300;

export function OrderPicker(p: { value?: number; onChange: (v: number | undefined) => void; exclude: number[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<WizardOrder | undefined>();
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useQuery({
    queryKey: ['wizard-orders', q],
    queryFn: () =>
      fetchData<{ list: WizardOrder[]; total: number }>(`/label/purchase-order-wizard/orders?${new URLSearchParams({ q, page: '1' })}`, {
        silent: true,
      }),
    enabled: open,
    staleTime: 10_000,
    retry: false,
  });
  const list = useMemo(() => {
    const found = (search.data?.list ?? []).filter((o) => !p.exclude.includes(o.value));
    return chosen && p.value === chosen.value && !found.some((o) => o.value === chosen.value) ? [chosen, ...found] : found;
  }, [search.data, p.exclude, p.value, chosen]);
  const state = (o: WizardOrder) => ENUMS.SupplyOrderStatus?.find((s) => s.value === o.status);
  return (
    <Select
      value={p.value}
      onChange={(v?: number) => {
        setChosen(list.find((o) => o.value === v));
        p.onChange(v ?? undefined);
      }}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onOpenChange={setOpen}
      loading={search.isFetching}
      placeholder={t('resource.selectPlaceholder')}
      notFoundContent={search.isFetching ? t('refs.searching') : t('wizard.noOrders')}
      options={list.map((o) => ({ value: o.value, label: o.label, order: o }))}
      optionRender={(option) => {
        const o = option.data.order;
        const s = state(o);
        return (
          <Space size={8} className="wizard-order-option">
            <Typography.Text>{o.label}</Typography.Text>
            {o.contractCode && <Typography.Text type="secondary">{o.contractCode}</Typography.Text>}
            {s && <Badge status={s.tone ?? 'default'} text={s.label[lang]} />}
          </Space>
        );
      }}
      data-testid={p.testId}
    />
  );
}
