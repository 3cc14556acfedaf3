/**
 * The two EPC screens (area P): rfid/epc-data — every EPC's data (decoded GTIN/serial, first and
 * last seen, read count, last reader/antenna/RSSI/location) — and rfid/epc-state — presence, with
 * the counts per state on top. Both page keyset on (last seen desc, EPC) with "load more" (a
 * million rows: no page numbers, no count), and open a row in a drawer: its state and its last 20
 * lifecycle events.
 */
import { ReloadOutlined } from '@ant-design/icons';
import type { TagEvent } from '@tagloom/domain/resources/label/tags/epcis.ts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Grid,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Timeline,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { KeysetFooter } from '../../../components/feed/KeysetFooter';
import { type SearchItem, SearchLayout } from '../../../components/resource/SearchLayout';
import { DAYJS_DATE_FORMAT } from '../../../domain';
import '../../general/_shared/ops.css';
import './epc.css';

export type EpcScreen = 'rfid/epc-data' | 'rfid/epc-state';
type PresenceFilter = 'present' | 'departed' | 'sold' | 'unplaced';
const PRESENCE_FILTERS: PresenceFilter[] = ['present', 'departed', 'sold', 'unplaced'];
const BADGE: Record<string, 'success' | 'default' | 'warning' | 'processing'> = {
  present: 'success',
  departed: 'default',
  sold: 'warning',
  unplaced: 'processing',
};
const PAGE_SIZES = [50, 100, 200];

export interface EpcRow {
  epc: string;
  tid: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  readCount: number;
  lastEquipment: string;
  lastAntenna: number | null;
  lastLocationId: number | null;
  lastLocationCode: string | null;
  lastLocationName: string | null;
  lastRssiCdbm: number | null;
  presence: 'present' | 'departed' | 'sold' | null;
  presenceLocationId: number | null;
  presenceLocationCode: string | null;
  presenceLocationName: string | null;
  presenceSince: string | null;
  presenceEquipment: string | null;
  presenceSeenAt: string | null;
  departDueAt: string | null;
  candidateLocationCode: string | null;
  candidateLocationName: string | null;
  candidateSince: string | null;
  soldAt: string | null;
  returnGuardUntil: string | null;
  scheme?: string | null;
  gtin?: string | null;
  serial?: string | null;
}

interface Detail {
  epc: string;
  found: boolean;
  state: EpcRow | null;
  decoded: { scheme: string; gtin: string | null; serial: string | null; uri: string | null } | null;
  decodeError: string | null;
  tag: { status: number; gtin: string; serial: string; tid: string } | null;
  withdrawn: boolean;
  order: { id: number; code: string } | null;
  events: TagEvent[];
}

const time = (v: unknown) => (v ? dayjs(String(v)).format(DAYJS_DATE_FORMAT) : '');
const empty = <span className="ops-empty">-</span>;
const place = (code: string | null | undefined, name: string | null | undefined): ReactNode =>
  code ? (
    <span className="epc-place">
      <span>{name || code}</span>
      {name ? <small className="ops-mono">{code}</small> : null}
    </span>
  ) : (
    empty
  );
const dbm = (cdbm: number | null | undefined) => (cdbm === null || cdbm === undefined ? null : (cdbm / 100).toFixed(1));

export function PresenceBadge({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation();
  const key = value ?? 'unplaced';
  return <Badge status={BADGE[key] ?? 'default'} text={t(`presence.state.${key}`)} data-testid="epc-presence" data-presence={key} />;
}

/** The drawer of one EPC: its state, decode, tag facts and last 20 lifecycle events. */
function EpcDrawer({ screen, epc, onClose }: { screen: EpcScreen; epc: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const detail = useQuery({
    queryKey: ['epc-detail', screen, epc],
    queryFn: () => fetchData<Detail>(`/${screen}/detail`, { params: { epc } }),
    enabled: !!epc,
  });
  const d = detail.data;
  const s = d?.state;
  const row = (key: string, children: ReactNode) => ({ key, label: t(`presence.field.${key}`), children: children ?? empty });
  const items = s
    ? [
        row('epc', <span className="ops-mono epc-break">{s.epc}</span>),
        row('presence', <PresenceBadge value={s.presence} />),
        row('presenceLocation', place(s.presenceLocationCode, s.presenceLocationName)),
        row('presenceSince', time(s.presenceSince) || null),
        ...(s.presence === 'present' ? [row('departDueAt', time(s.departDueAt) || null)] : []),
        ...(s.candidateLocationCode
          ? [
              row(
                'candidate',
                <span>
                  {place(s.candidateLocationCode, s.candidateLocationName)} · {t('presence.since', { time: time(s.candidateSince) })}
                </span>,
              ),
            ]
          : []),
        ...(s.soldAt ? [row('soldAt', time(s.soldAt))] : []),
        row('gtin', d?.decoded?.gtin ? <span className="ops-mono">{d.decoded.gtin}</span> : null),
        row('serial', d?.decoded?.serial ? <span className="ops-mono">{d.decoded.serial}</span> : null),
        row('scheme', d?.decoded?.scheme ? <Tag>{d.decoded.scheme.toUpperCase()}</Tag> : null),
        row('tid', s.tid ? <span className="ops-mono epc-break">{s.tid}</span> : null),
        row('firstSeenAt', time(s.firstSeenAt)),
        row('lastSeenAt', time(s.lastSeenAt)),
        row('readCount', s.readCount.toLocaleString()),
        row('lastEquipment', s.lastEquipment ? <span className="ops-mono">{s.lastEquipment}</span> : null),
        row('lastAntenna', s.lastAntenna),
        row('lastRssi', dbm(s.lastRssiCdbm) ? `${dbm(s.lastRssiCdbm)} dBm` : null),
        row('lastLocation', place(s.lastLocationCode, s.lastLocationName)),
        row('labelOrder', d?.order ? <span className="ops-mono">{d.order.code}</span> : d?.tag ? null : t('presence.notInRegistry')),
      ]
    : [];
  return (
    <Drawer
      title={t('presence.drawerTitle')}
      open={!!epc}
      onClose={onClose}
      size={screens.md ? 600 : '100%'}
      loading={detail.isLoading}
      data-testid="epc-drawer"
    >
      {d && !s && <Alert type="info" showIcon title={t('presence.noState')} />}
      {d?.decodeError && <Alert type="warning" showIcon title={d.decodeError} className="epc-alert" />}
      {s && <Descriptions column={1} bordered size="small" items={items} className="ops-descriptions epc-desc" />}
      {d && (
        <>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('presence.history')}
          </Typography.Title>
          {!d.events.length ? (
            <span className="ops-muted" data-testid="epc-no-events">
              {t('presence.noEvents')}
            </span>
          ) : (
            <Timeline
              className="epc-timeline"
              data-testid="epc-timeline"
              items={d.events.map((e) => ({
                key: e.id,
                children: (
                  <div data-testid="epc-event" data-step={e.bizStep}>
                    <div className="epc-event-title">
                      <Typography.Text strong>{t(`tags.bizStep.${e.bizStep}`, { defaultValue: e.bizStep })}</Typography.Text>
                      {e.disposition && (
                        <Tag color="processing">{t(`tags.disposition.${e.disposition}`, { defaultValue: e.disposition })}</Tag>
                      )}
                    </div>
                    <div className="epc-event-meta">
                      <span>{time(e.eventTime)}</span>
                      {(e.bizLocation || e.readPoint) && <span>{[e.bizLocation, e.readPoint].filter(Boolean).join(' / ')}</span>}
                      {e.orderCode && <span className="ops-mono">{e.orderCode}</span>}
                    </div>
                  </div>
                ),
              }))}
            />
          )}
        </>
      )}
    </Drawer>
  );
}

interface Filters {
  epc?: string;
  equipment?: string;
  locationId?: number;
  seen?: [Dayjs | null, Dayjs | null] | null;
}

export function EpcStates({ screen }: { screen: EpcScreen }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [presence, setPresence] = useState<PresenceFilter | undefined>();
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [open, setOpen] = useState<string>();
  const stateScreen = screen === 'rfid/epc-state';
  const testId = stateScreen ? 'epc-state' : 'epc-data';

  const params: Record<string, string | number | undefined> = {
    limit: pageSize,
    epc: filters.epc?.trim() || undefined,
    equipment: filters.equipment?.trim() || undefined,
    locationId: filters.locationId,
    presence: stateScreen ? presence : undefined,
    from: filters.seen?.[0]?.toISOString(),
    to: filters.seen?.[1]?.toISOString(),
  };
  const pages = useInfiniteQuery({
    queryKey: ['epc-states', screen, params],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      fetchData<{ list: EpcRow[]; next: string | null }>(`/${screen}/list`, {
        params: pageParam ? { ...params, cursor: pageParam } : params,
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const locations = useQuery({
    queryKey: ['epc-locations', screen],
    queryFn: () => fetchData<{ list: { id: number; code: string; name: string }[] }>(`/${screen}/locations`),
    staleTime: 60_000,
  });
  const counts = useQuery({
    queryKey: ['epc-counts', filters.locationId],
    queryFn: () =>
      fetchData<Record<PresenceFilter | 'total', number>>('/rfid/epc-state/counts', { params: { locationId: filters.locationId } }),
    enabled: stateScreen,
  });

  const reset = () => {
    form.resetFields();
    setFilters({});
    setPresence(undefined);
  };
  const locationOptions = (locations.data?.list ?? []).map((l) => ({ value: l.id, label: `${l.code} · ${l.name}` }));

  const controls: SearchItem[] = [
    {
      key: 'epc',
      node: (
        <Form.Item name="epc" label={t('presence.field.epc')}>
          <Input allowClear maxLength={64} placeholder={t('presence.epcPrefixPlaceholder')} data-testid={`${testId}-filter-epc`} />
        </Form.Item>
      ),
    },
    {
      key: 'locationId',
      node: (
        <Form.Item name="locationId" label={t(stateScreen ? 'presence.field.presenceLocation' : 'presence.field.lastLocation')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('presence.all')}
            options={locationOptions}
            data-testid={`${testId}-filter-location`}
          />
        </Form.Item>
      ),
    },
    ...(stateScreen
      ? []
      : [
          {
            key: 'equipment',
            node: (
              <Form.Item name="equipment" label={t('presence.field.lastEquipment')}>
                <Input
                  allowClear
                  maxLength={32}
                  placeholder={t('presence.equipmentPlaceholder')}
                  data-testid={`${testId}-filter-equipment`}
                />
              </Form.Item>
            ),
          },
          {
            key: 'seen',
            wide: true,
            node: (
              <Form.Item name="seen" label={t('presence.field.lastSeenAt')}>
                <DatePicker.RangePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  style={{ width: '100%' }}
                  allowEmpty={[true, true]}
                  presets={[
                    { label: t('presence.presets.lastHour'), value: [dayjs().subtract(1, 'hour'), dayjs()] },
                    { label: t('presence.presets.today'), value: [dayjs().startOf('day'), dayjs().endOf('day')] },
                    { label: t('presence.presets.last7d'), value: [dayjs().subtract(7, 'day'), dayjs().endOf('day')] },
                  ]}
                  data-testid={`${testId}-filter-seen`}
                />
              </Form.Item>
            ),
          },
        ]),
  ];

  const epcCol = {
    key: 'epc',
    dataIndex: 'epc',
    title: t('presence.field.epc'),
    width: 215,
    fixed: screens.sm ? ('left' as const) : undefined,
    render: (v: string) => (
      <Button type="link" size="small" className="epc-link ops-mono" onClick={() => setOpen(v)} data-testid={`${testId}-open`}>
        {v}
      </Button>
    ),
  };
  const gtinCol = {
    key: 'gtin',
    title: t('presence.field.gtinSerial'),
    width: 190,
    render: (_: unknown, r: EpcRow) =>
      r.gtin ? (
        <span className="epc-place">
          <span className="ops-mono">{r.gtin}</span>
          {r.serial ? <small className="ops-mono">{r.serial}</small> : null}
        </span>
      ) : r.scheme ? (
        <Tag>{r.scheme.toUpperCase()}</Tag>
      ) : (
        empty
      ),
  };
  const dataColumns: ColumnsType<EpcRow> = [
    epcCol,
    gtinCol,
    { key: 'firstSeenAt', dataIndex: 'firstSeenAt', title: t('presence.field.firstSeenAt'), width: 165, render: time },
    { key: 'lastSeenAt', dataIndex: 'lastSeenAt', title: t('presence.field.lastSeenAt'), width: 165, render: time },
    {
      key: 'readCount',
      dataIndex: 'readCount',
      title: t('presence.field.readCount'),
      width: 100,
      align: 'right',
      render: (v: number) => v.toLocaleString(),
    },
    {
      key: 'lastEquipment',
      title: t('presence.field.lastEquipmentAntenna'),
      width: 150,
      render: (_: unknown, r) =>
        r.lastEquipment ? (
          <span className="ops-mono">
            {r.lastEquipment}
            {r.lastAntenna !== null ? ` #${r.lastAntenna}` : ''}
          </span>
        ) : (
          empty
        ),
    },
    {
      key: 'lastRssi',
      title: t('presence.field.lastRssi'),
      width: 110,
      align: 'right',
      render: (_: unknown, r) => dbm(r.lastRssiCdbm) ?? empty,
    },
    {
      key: 'lastLocation',
      title: t('presence.field.lastLocation'),
      width: 170,
      render: (_: unknown, r) => place(r.lastLocationCode, r.lastLocationName),
    },
  ];
  const stateColumns: ColumnsType<EpcRow> = [
    epcCol,
    { key: 'presence', dataIndex: 'presence', title: t('presence.field.presence'), width: 110, render: (v) => <PresenceBadge value={v} /> },
    {
      key: 'presenceLocation',
      title: t('presence.field.presenceLocation'),
      width: 170,
      render: (_: unknown, r) => place(r.presenceLocationCode, r.presenceLocationName),
    },
    {
      key: 'presenceSince',
      dataIndex: 'presenceSince',
      title: t('presence.field.presenceSince'),
      width: 165,
      render: (v) => time(v) || empty,
    },
    { key: 'lastSeenAt', dataIndex: 'lastSeenAt', title: t('presence.field.lastSeenAt'), width: 155, render: time },
    {
      key: 'lastEquipment',
      dataIndex: 'lastEquipment',
      title: t('presence.field.lastEquipment'),
      width: 110,
      render: (v: string) => (v ? <span className="ops-mono">{v}</span> : empty),
    },
    gtinCol,
  ];
  const columns = stateScreen ? stateColumns : dataColumns;
  const width = columns.reduce((n, c) => n + (Number(c.width) || 120), 0);

  const footer = (
    <KeysetFooter pages={pages} shown={list.length} pageSize={pageSize} pageSizes={PAGE_SIZES} onPageSize={setPageSize} testId={testId} />
  );

  return (
    <div className="ops-page" data-testid={`${testId}-page`}>
      <SearchLayout
        form={form}
        items={controls}
        initialValues={{}}
        onSearch={(v) => setFilters(v as Filters)}
        onReset={reset}
        collapsed={4}
        testId={`${testId}-search`}
      />
      <div className="page-card">
        <div className="ops-toolbar">
          {stateScreen ? (
            <div className="epc-counts" data-testid="epc-counts">
              <Tag.CheckableTag checked={!presence} onChange={() => setPresence(undefined)} data-testid="epc-count-all">
                {t('presence.all')} <b>{(counts.data?.total ?? 0).toLocaleString()}</b>
              </Tag.CheckableTag>
              {PRESENCE_FILTERS.map((p) => (
                <Tag.CheckableTag
                  key={p}
                  checked={presence === p}
                  onChange={(on) => setPresence(on ? p : undefined)}
                  data-testid={`epc-count-${p}`}
                >
                  <Badge status={BADGE[p]} /> {t(`presence.state.${p}`)} <b>{(counts.data?.[p] ?? 0).toLocaleString()}</b>
                </Tag.CheckableTag>
              ))}
            </div>
          ) : (
            <span className="ops-muted">{t('presence.dataHint')}</span>
          )}
          <Space size={2} className="ops-toolbar-tools">
            <Tooltip title={t('presence.reload')}>
              <Button
                type="text"
                icon={<ReloadOutlined />}
                onClick={() => {
                  void pages.refetch();
                  if (stateScreen) void counts.refetch();
                }}
                aria-label={t('presence.reload')}
                data-testid={`${testId}-reload`}
              />
            </Tooltip>
          </Space>
        </div>
        <Table<EpcRow>
          rowKey="epc"
          size="middle"
          columns={columns}
          dataSource={list}
          loading={pages.isFetching && !pages.isFetchingNextPage}
          scroll={{ x: width }}
          pagination={false}
          footer={() => footer}
          data-testid={`${testId}-table`}
        />
      </div>
      <EpcDrawer screen={screen} epc={open} onClose={() => setOpen(undefined)} />
    </div>
  );
}
