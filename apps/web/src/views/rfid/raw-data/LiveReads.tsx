/** The Live mode of rfid/raw-data: reads pushed by the server as they are committed. */
import { ClearOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Select, Space, Statistic, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { openStream, type StreamState } from './sse';

/** Rows kept in memory (newest first); older ones drop off the bottom. */
export const LIVE_MAX_ROWS = 500;
/** The read rate is averaged over this window. */
const RATE_WINDOW_MS = 5000;

interface LiveReader {
  equipmentCoding: string;
  equipmentName: string;
  locationName: string | null;
  online: boolean;
}

/** The goods of an EPC (the server looks them up per message: the registry's tag, else its GTIN's SKU). */
interface ReadGoods {
  skuBarcode: string;
  styleNumber: string;
  goodsName: string;
  colour: string;
  size: string;
  registered: boolean;
}

interface PushedRead {
  epc: string;
  goods?: ReadGoods | null;
  tid?: string | null;
  antenna: number | null;
  rssiCdbm: number | null;
  at: string;
  locationId?: number | null;
  locationName?: string | null;
}

interface PushedBatch {
  batchId: number | string;
  equipmentCoding: string;
  locationName?: string | null;
  accepted: number;
  reads: PushedRead[];
  truncated?: boolean;
}

interface Row extends PushedRead {
  key: number;
  equipmentCoding: string;
}

const STATE_BADGE: Record<StreamState | 'paused', 'processing' | 'success' | 'warning' | 'default'> = {
  connecting: 'processing',
  open: 'success',
  retrying: 'warning',
  closed: 'default',
  paused: 'default',
};

export function LiveReads() {
  const { t } = useTranslation();
  const [reader, setReader] = useState<string | undefined>();
  const [rows, setRows] = useState<Row[]>([]);
  const [paused, setPaused] = useState(false);
  const [queued, setQueued] = useState(0);
  const [state, setState] = useState<StreamState>('connecting');
  const [rate, setRate] = useState(0);
  const [total, setTotal] = useState(0);
  const pausedRef = useRef(false);
  const queue = useRef<Row[]>([]);
  const arrivals = useRef<{ at: number; n: number }[]>([]);
  const seq = useRef(0);

  const readers = useQuery({
    queryKey: ['rfid-live-readers'],
    queryFn: () => fetchData<LiveReader[]>('/rfid/live/readers'),
    staleTime: 30_000,
  });
  const locationOf = useMemo(() => new Map((readers.data ?? []).map((r) => [r.equipmentCoding, r.locationName])), [readers.data]);

  useEffect(() => {
    pausedRef.current = paused;
    if (!paused && queue.current.length) {
      const waiting = queue.current;
      queue.current = [];
      setQueued(0);
      setRows((old) => [...waiting, ...old].slice(0, LIVE_MAX_ROWS));
    }
  }, [paused]);

  useEffect(() => {
    setRows([]);
    queue.current = [];
    setQueued(0);
    setTotal(0);
    arrivals.current = [];
    const path = `/rfid/live${reader ? `?equipmentCoding=${encodeURIComponent(reader)}` : ''}`;
    const close = openStream(path, {
      onState: (s) => setState(s),
      onEvent: (event, data) => {
        if (event !== 'reads') return;
        const batch = data as PushedBatch;
        const fresh: Row[] = [...batch.reads]
          .sort((a, b) => b.at.localeCompare(a.at))
          .map((r) => ({
            ...r,
            locationName: r.locationName ?? batch.locationName ?? null,
            equipmentCoding: batch.equipmentCoding,
            key: ++seq.current,
          }));
        arrivals.current.push({ at: Date.now(), n: batch.accepted });
        setTotal((n) => n + batch.accepted);
        if (pausedRef.current) {
          queue.current = [...fresh, ...queue.current].slice(0, LIVE_MAX_ROWS);
          setQueued(queue.current.length);
        } else setRows((old) => [...fresh, ...old].slice(0, LIVE_MAX_ROWS));
      },
    });
    const tick = setInterval(() => {
      const since = Date.now() - RATE_WINDOW_MS;
      arrivals.current = arrivals.current.filter((a) => a.at >= since);
      setRate(arrivals.current.reduce((s, a) => s + a.n, 0) / (RATE_WINDOW_MS / 1000));
    }, 1000);
    return () => {
      clearInterval(tick);
      close();
    };
  }, [reader]);

  const columns: ColumnsType<Row> = [
    {
      key: 'at',
      title: t('rfidLive.col.time'),
      dataIndex: 'at',
      width: 120,
      render: (v: string) => <span className="ops-mono">{dayjs(v).format('HH:mm:ss.SSS')}</span>,
    },
    {
      key: 'epc',
      title: t('rfidLive.col.epc'),
      dataIndex: 'epc',
      width: 240,
      render: (v: string) => <span className="ops-mono">{v}</span>,
    },
    {
      key: 'sku',
      title: t('rfidLive.col.sku'),
      width: 150,
      render: (_, r) =>
        r.goods ? (
          <span className="ops-mono" data-testid="raw-live-sku">
            {r.goods.skuBarcode}
          </span>
        ) : (
          <Tooltip title={t('rfidLive.noGoods')}>
            <span className="ops-empty">-</span>
          </Tooltip>
        ),
    },
    {
      key: 'style',
      title: t('rfidLive.col.style'),
      width: 160,
      render: (_, r) =>
        r.goods ? (
          <Tooltip title={r.goods.goodsName}>
            <span className="ops-mono" data-testid="raw-live-style">
              {r.goods.styleNumber}
            </span>
          </Tooltip>
        ) : (
          <span className="ops-empty">-</span>
        ),
    },
    {
      key: 'colour',
      title: t('rfidLive.col.colour'),
      width: 100,
      render: (_, r) =>
        r.goods?.colour ? <span data-testid="raw-live-colour">{r.goods.colour}</span> : <span className="ops-empty">-</span>,
    },
    {
      key: 'size',
      title: t('rfidLive.col.size'),
      width: 80,
      render: (_, r) => (r.goods?.size ? <span data-testid="raw-live-size">{r.goods.size}</span> : <span className="ops-empty">-</span>),
    },
    { key: 'antenna', title: t('rfidLive.col.antenna'), dataIndex: 'antenna', width: 96, align: 'right', render: (v) => v ?? '-' },
    {
      key: 'rssi',
      title: t('rfidLive.col.rssi'),
      dataIndex: 'rssiCdbm',
      width: 110,
      align: 'right',
      render: (v: number | null) => (v == null ? '-' : (v / 100).toFixed(1)),
    },
    {
      key: 'location',
      title: t('rfidLive.col.location'),
      width: 150,
      render: (_, r) => r.locationName ?? locationOf.get(r.equipmentCoding) ?? <span className="ops-empty">-</span>,
    },
    ...(reader
      ? []
      : [
          {
            key: 'reader',
            title: t('rfidLive.col.reader'),
            dataIndex: 'equipmentCoding',
            width: 140,
            render: (v: string) => <span className="ops-mono">{v}</span>,
          },
        ]),
  ];

  const shownState = paused ? 'paused' : state;
  return (
    <div className="page-card live-reads" data-testid="raw-live">
      <div className="live-toolbar">
        <Select
          className="live-reader"
          allowClear
          showSearch
          value={reader}
          onChange={(v) => setReader(v)}
          placeholder={t('rfidLive.allReaders')}
          loading={readers.isLoading}
          optionFilterProp="search"
          options={(readers.data ?? []).map((r) => ({
            value: r.equipmentCoding,
            search: `${r.equipmentCoding} ${r.equipmentName} ${r.locationName ?? ''}`,
            label: (
              <span>
                <Badge status={r.online ? 'success' : 'default'} />
                <span className="ops-mono">{r.equipmentCoding}</span> {r.equipmentName}
              </span>
            ),
          }))}
          data-testid="raw-live-reader"
        />
        <Badge status={STATE_BADGE[shownState]} text={t(`rfidLive.state.${shownState}`)} data-testid="raw-live-state" />
        <Space size={8} wrap className="live-actions">
          <Button
            icon={paused ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
            onClick={() => setPaused((p) => !p)}
            data-testid="raw-live-pause"
          >
            {paused ? t('rfidLive.resume') : t('rfidLive.pause')}
          </Button>
          <Tooltip title={t('rfidLive.clear')}>
            <Button
              icon={<ClearOutlined />}
              aria-label={t('rfidLive.clear')}
              onClick={() => {
                setRows([]);
                queue.current = [];
                setQueued(0);
              }}
              data-testid="raw-live-clear"
            />
          </Tooltip>
        </Space>
      </div>
      <div className="live-stats">
        <Statistic title={t('rfidLive.rate')} value={rate} precision={1} data-testid="raw-live-rate" />
        <Statistic title={t('rfidLive.received')} value={total} data-testid="raw-live-total" />
        <div className="ops-muted live-kept">
          {t('rfidLive.kept', { count: rows.length, max: LIVE_MAX_ROWS })}
          {queued > 0 && <span data-testid="raw-live-queued"> · {t('rfidLive.queued', { count: queued })}</span>}
        </div>
      </div>
      <Table<Row>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1190, y: 520 }}
        locale={{ emptyText: t(state === 'open' ? 'rfidLive.waiting' : 'rfidLive.connecting') }}
        data-testid="raw-live-table"
      />
    </div>
  );
}
