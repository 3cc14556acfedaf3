/**
 * Step 2's sample card: only the cards whose 69 code is the GTIN of a SKU chosen in step 1 are
 * offered (the server would refuse any other when the order is made, and the brand's confirmation
 * later); when none matches the step says so, and a card kept in the draft that no longer matches
 * the chosen goods is flagged to be chosen again or cleared.
 */
import { DeleteOutlined } from '@ant-design/icons';
import type { WizardCard } from '@tagloom/domain/resources/label/orders/wizard.api.ts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';

/** The sample cards matching the chosen lines (undefined while loading). */
export function useMatchingCards(orderIds: number[], lineIds: number[]) {
  const q = useQuery({
    queryKey: ['wizard-cards', orderIds, lineIds],
    queryFn: () =>
      fetchData<{ list: WizardCard[] }>('/label/purchase-order-wizard/sample-cards', { method: 'POST', data: { orderIds, lineIds } }),
    enabled: orderIds.length > 0 && lineIds.length > 0,
    staleTime: 10_000,
    retry: false,
  });
  return q.data?.list;
}

export function CardPicker(p: { cards: WizardCard[] | undefined; value: number | null; onChange: (v: number | null) => void }) {
  const { t } = useTranslation();
  const cards = p.cards;
  const stale = !!p.value && !!cards && !cards.some((c) => c.id === p.value);
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          value={stale ? undefined : (p.value ?? undefined)}
          onChange={(v?: number) => p.onChange(v ?? null)}
          allowClear
          loading={!cards}
          disabled={!!cards && !cards.length}
          placeholder={t('resource.selectPlaceholder')}
          options={(cards ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.code69}）`, skus: c.skus }))}
          optionRender={(option) => (
            <div className="wizard-card-option">
              <Typography.Text>{option.label}</Typography.Text>
              <Typography.Text type="secondary" className="wizard-card-skus">
                {t('wizard.cardFor', { skus: option.data.skus.join(', ') })}
              </Typography.Text>
            </div>
          )}
          data-testid="wizard-sample-card"
        />
        <Button icon={<DeleteOutlined />} disabled={!p.value} onClick={() => p.onChange(null)} aria-label={t('wizard.clearCard')} />
      </Space.Compact>
      {cards && !cards.length && <Alert type="info" showIcon message={t('wizard.noMatchingCard')} data-testid="wizard-no-card" />}
      {stale && <Alert type="warning" showIcon message={t('wizard.cardNotMatching')} data-testid="wizard-card-stale" />}
    </Space>
  );
}
