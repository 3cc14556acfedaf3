/**
 * warehouse/receiving-qi: the receipts' inspections (the declaration's list, form, submit and QI
 * reset), each row's QI sample — read at a reader of the warehouse's QI area (Read sample) or shown
 * once read — and the defect lines' EPC chosen from the sample.
 */
import { ExperimentOutlined } from '@ant-design/icons';
import { INSPECTION_STATUS } from '@tagloom/domain/resources/warehouse/enums.ts';
import { AutoComplete, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionName } from '../../../app/screen-names';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { resourceOf } from '../../../components/resource/registry';
import type { Row } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';
import { normalizeLang } from '../../../domain';
import { SampleRead, useSample } from './SampleRead';

const CODE = 'warehouse/receiving-qi';
const def = resourceOf(CODE)!;
/** The states a sample may be read in. */
const SAMPLING: number[] = [INSPECTION_STATUS.PENDING, INSPECTION_STATUS.INSPECTING];

/** A defect's EPC: typed, or chosen from the inspection's sample (its counted pieces). */
function SampleEpcInput({
  inspectionId,
  value,
  onChange,
  disabled,
}: {
  inspectionId?: number;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const sample = useSample(inspectionId);
  const options = (sample.data?.epcs ?? [])
    .filter((e) => !e.foreign && !e.reading)
    .map((e) => ({
      value: e.epc,
      // the EPC whole, its SKU under it (no room for both on one line in a phone's list)
      label: (
        <div data-testid="sample-epc-option">
          <div style={{ fontFamily: 'monospace' }}>{e.epc}</div>
          {e.sku && <Typography.Text type="secondary">{e.sku}</Typography.Text>}
        </div>
      ),
    }));
  return (
    <AutoComplete
      value={(value as string) ?? ''}
      onChange={(v) => onChange(v)}
      options={options}
      disabled={disabled}
      placeholder={options.length ? t('qi.sample.pickEpc') : undefined}
      filterOption={(input, o) => String(o?.value ?? '').includes(input.trim().toUpperCase())}
      style={{ width: 220 }}
      popupMatchSelectWidth={300}
      data-testid="field-epc"
    />
  );
}

export default function ReceivingQi() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const screen = useScreen();
  const [shown, setShown] = useState<{ id: number; code: string; canRead: boolean }>();
  const mayRead = screen.actions.includes('readSample');
  return (
    <>
      <ResourcePage
        def={def}
        extraRowActions={(row: Row, { reload }) => {
          const canRead = mayRead && SAMPLING.includes(Number(row.status));
          if (!canRead && !Number(row.inspectedQty)) return null;
          return (
            <Button
              type="link"
              size="small"
              icon={<ExperimentOutlined />}
              onClick={() => {
                setShown({ id: Number(row.id), code: String(row.code), canRead });
                reload();
              }}
              data-testid="qi-sample-open"
            >
              {canRead ? actionName('readSample', lang) : t('qi.sample.view')}
            </Button>
          );
        }}
        lineOverrides={{
          'lines.epc': ({ value, onChange, disabled, row }) => (
            <SampleEpcInput inspectionId={row ? Number(row.id) : undefined} value={value} onChange={onChange} disabled={disabled} />
          ),
        }}
      />
      <SampleRead inspection={shown} canRead={!!shown?.canRead} onClose={() => setShown(undefined)} onChanged={() => undefined} />
    </>
  );
}
