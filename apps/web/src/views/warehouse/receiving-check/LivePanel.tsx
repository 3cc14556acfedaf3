/**
 * The live panel of the receiving check: one card per dock (a tunnel reader and its zone) with the
 * carton in the tunnel now (its reads so far) and the last result, coloured by result; a badge says
 * whether the stream is live or reconnecting. The cards stack on a phone.
 */
import { Badge, Button, Card, Col, Progress, Row, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnumValue } from '../../../components/resource/field-render';
import type { StreamState } from '../../rfid/raw-data/sse';
import type { CartonLive, Dock } from './live';
import './live.css';

/** The colour of a carton's result: matched, short, over, mis-pack (mixed); unchecked grey. */
export const RESULT_COLOUR: Record<number, string> = { 0: '#bfbfbf', 1: '#52c41a', 2: '#f5222d', 3: '#fa8c16', 4: '#722ed1' };

const STATE_BADGE: Record<StreamState, 'processing' | 'success' | 'warning' | 'default'> = {
  connecting: 'processing',
  open: 'success',
  retrying: 'warning',
  closed: 'default',
};

export function LiveBadge({ state }: { state: StreamState }) {
  const { t } = useTranslation();
  return <Badge status={STATE_BADGE[state]} text={t(`carton.live.state.${state}`)} data-testid="rcv-live-state" data-state={state} />;
}

function CartonLink({ c, onOpen }: { c: CartonLive; onOpen: (c: CartonLive) => void }) {
  return (
    <Button type="link" size="small" className="rcv-carton-no" onClick={() => onOpen(c)} data-testid="rcv-dock-carton">
      {c.cartonNo}
    </Button>
  );
}

function Last({ c, onOpen }: { c: CartonLive; onOpen: (c: CartonLive) => void }) {
  const { t } = useTranslation();
  const counts: [string, number][] = [
    ['expected', c.expected],
    ['read', c.read],
    ['matched', c.matched],
    ['missing', c.missing],
    ['over', c.over],
    ['strange', c.foreign + c.unknown],
  ];
  return (
    <div data-testid="rcv-dock-last" data-carton={c.cartonNo} data-result={c.result}>
      <Space size={4} wrap>
        <CartonLink c={c} onOpen={onOpen} />
        <span className="rcv-result" style={{ background: RESULT_COLOUR[c.result] ?? RESULT_COLOUR[0] }}>
          <EnumValue enumName="CartonResult" value={c.result} />
        </span>
        <EnumValue enumName="CartonStatus" value={c.status} />
      </Space>
      <div className="rcv-counts">
        {counts.map(([k, n]) => (
          <span key={k} className={n && !['expected', 'read', 'matched'].includes(k) ? 'rcv-count rcv-count-off' : 'rcv-count'}>
            {t(`carton.live.count.${k}`)} <b>{n}</b>
          </span>
        ))}
      </div>
    </div>
  );
}

function DockCard({ dock, onOpen }: { dock: Dock; onOpen: (c: CartonLive) => void }) {
  const { t } = useTranslation();
  const cur = dock.current;
  const last = dock.last;
  const read = cur?.session?.epcCount ?? 0;
  return (
    <Card
      size="small"
      className="rcv-dock"
      style={{ borderLeftColor: last ? (RESULT_COLOUR[last.result] ?? RESULT_COLOUR[0]) : RESULT_COLOUR[0] }}
      title={
        <Space size={6}>
          <Badge status={dock.online ? 'success' : 'default'} title={dock.online ? undefined : t('carton.live.offline')} />
          <span>{dock.equipmentName}</span>
        </Space>
      }
      extra={<Typography.Text type="secondary">{dock.locationName ?? ''}</Typography.Text>}
      data-testid="rcv-dock"
      data-dock={dock.equipmentCoding}
      // its title is the reader's name, as the tenant wrote it (data, in any language)
      data-user-text
    >
      <div className="rcv-section" data-testid="rcv-dock-current" data-carton={cur?.cartonNo ?? ''}>
        <Typography.Text type="secondary" className="rcv-label">
          {t('carton.live.inTunnel')}
        </Typography.Text>
        {cur ? (
          <>
            <CartonLink c={cur} onOpen={onOpen} />
            <Progress
              size="small"
              percent={cur.expected ? Math.min(100, Math.round((read / cur.expected) * 100)) : 0}
              status="active"
              showInfo={false}
            />
            <Typography.Text data-testid="rcv-dock-reads">
              {t('carton.live.readsSoFar', { n: read, expected: cur.expected })}
            </Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary"> {t('carton.live.waiting')}</Typography.Text>
        )}
      </div>
      <div className="rcv-section">
        <Typography.Text type="secondary" className="rcv-label">
          {t('carton.live.last')}
        </Typography.Text>
        {last ? <Last c={last} onOpen={onOpen} /> : <Typography.Text type="secondary"> {t('carton.live.none')}</Typography.Text>}
      </div>
    </Card>
  );
}

export function LivePanel({
  docks,
  loading,
  state,
  onOpen,
}: {
  docks: Dock[] | undefined;
  loading: boolean;
  state: StreamState;
  onOpen: (c: CartonLive) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="page-card rcv-live" data-testid="rcv-live">
      <div className="rcv-live-head">
        <Typography.Text strong>{t('carton.live.title')}</Typography.Text>
        <LiveBadge state={state} />
      </div>
      {loading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !docks?.length ? (
        <Typography.Text type="secondary" data-testid="rcv-no-docks">
          {t('carton.live.noDocks')}
        </Typography.Text>
      ) : (
        <Row gutter={[12, 12]}>
          {docks.map((d) => (
            <Col key={d.equipmentCoding} xs={24} md={12} xl={8} xxl={6}>
              <DockCard dock={d} onOpen={onOpen} />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
