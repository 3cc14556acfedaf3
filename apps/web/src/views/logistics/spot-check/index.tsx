/**
 * logistics/spot-check: the received cartons a rule picked for an item-level re-read (the
 * declaration's list: review passes a matched re-read, fails any other). Its result says what the
 * re-read found — the pieces read of those expected, short and over on hover — and a carton's number
 * opens its EPCs as its receiving check classed them (matched, short, over, foreign, unknown).
 */
import { SPOT_STATE } from '@tagloom/domain/resources/warehouse/enums.ts';
import { Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnumValue } from '../../../components/resource/field-render';
import { CartonListWithEpcs } from '../../warehouse/receiving-check/CartonEpcs';

type Row = Record<string, unknown>;

/** A re-read carton's result with its counts; nothing yet for a carton still to check. */
function SpotResult({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (Number(row.spotState) === SPOT_STATE.TO_CHECK) return <Typography.Text type="secondary">-</Typography.Text>;
  const counts = { read: Number(row.spotRead ?? 0), expected: Number(row.spotExpected ?? 0) };
  return (
    <Tooltip title={t('spotCheck.counts', { ...counts, short: Number(row.spotShort ?? 0), over: Number(row.spotOver ?? 0) })}>
      <Space size={6} wrap={false} data-testid="spot-result">
        <EnumValue enumName="CartonResult" value={row.spotResult} />
        <Typography.Text type="secondary">
          {counts.read}/{counts.expected}
        </Typography.Text>
      </Space>
    </Tooltip>
  );
}

export default function SpotCheck() {
  return <CartonListWithEpcs code="logistics/spot-check" columnOverrides={{ spotResult: (_v, row) => <SpotResult row={row} /> }} />;
}
