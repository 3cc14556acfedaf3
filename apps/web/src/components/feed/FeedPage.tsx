/**
 * The one screen of every feed (declared in packages/domain/src/feed): the search layout of the
 * other lists with a time window (presets, the feed's default window) and the declared filters, a
 * table newest first continued by "load more" (keyset cursor, no page numbers, no count), export
 * (granted 'export'), reload, and a detail drawer for a row.
 */
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { defaultFeedWindow, type FeedColumn, type FeedDef, type FeedPageData, toFeedQuery } from '@tagloom/domain/feed/define.ts';
import { ACTIONS } from '@tagloom/domain/menu/actions.ts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Descriptions, Drawer, Form, Grid, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData, request } from '../../app/request';
import { actionName, screenName } from '../../app/screen-names';
import { DAYJS_DATE_FORMAT, normalizeLang, PLATFORM_TENANT_ID } from '../../domain';
import { EnumValue } from '../resource/field-render';
import { type SearchItem, SearchLayout } from '../resource/SearchLayout';
import { useCan } from '../ScreenContext';
import '../../views/general/_shared/ops.css';
import './feed.css';
import { KeysetFooter } from './KeysetFooter';

type FeedRow = Record<string, unknown> & { id: number; tenantId: number; createdAt: string };

/** Controls shown while the search form is collapsed: the window, the tenant and two filters (one row). */
const COLLAPSED = 4;
const PAGE_SIZES = [20, 50, 100];

/** A request body for display: pretty JSON, or '' when there is none. */
export function formatBody(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  if (typeof body === 'string') {
    try {
      return JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      return body;
    }
  }
  return JSON.stringify(body, null, 2);
}

const initialValues = (feed: FeedDef) => {
  const [from, to] = defaultFeedWindow(feed);
  return { createdAt: [dayjs(from), dayjs(to)] as [Dayjs, Dayjs] };
};

export interface FeedPageProps {
  feed: FeedDef;
  /** prefix of the test ids (`<testId>-filter-<key>`, `<testId>-export` …) */
  testId?: string;
}

export function FeedPage({ feed, testId = 'feed' }: FeedPageProps) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const canExport = useCan('export');
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm();
  const [values, setValues] = useState<Record<string, unknown>>(() => initialValues(feed));
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [exporting, setExporting] = useState(false);
  const [details, setDetails] = useState<FeedRow | undefined>();
  const platform = feed.scope === 'platform';

  const body = toFeedQuery(feed, values, { pageSize });
  const pages = useInfiniteQuery({
    queryKey: ['feed', feed.code, body],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      fetchData<FeedPageData<FeedRow>>(`/${feed.code}/list`, {
        method: 'POST',
        // the first page asks the planner's estimate of the rows (no count is ever run)
        data: pageParam ? { ...body, cursor: pageParam } : { ...body, estimate: true },
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const estimate = pages.data?.pages[0]?.estimate;

  const tenants = useQuery({
    queryKey: ['feed', 'tenant-options'],
    queryFn: () =>
      fetchData<{ list: { id: number; code: string; name: string }[] }>('/general/tenant/list', {
        method: 'POST',
        data: { page: 1, pageSize: 500 },
        silent: true,
      }),
    enabled: platform,
    staleTime: 60_000,
    retry: false,
  });
  const tenantOptions = [
    { value: PLATFORM_TENANT_ID, label: t('feeds.platform') },
    ...(tenants.data?.list ?? []).map((x) => ({ value: x.id, label: `${x.code} · ${x.name}` })),
  ];

  const search = (v: Record<string, unknown>) => setValues(v);
  const reset = () => {
    form.resetFields();
    const init = initialValues(feed);
    form.setFieldsValue(init);
    search(init);
  };

  const doExport = async () => {
    setExporting(true);
    try {
      await request(`/${feed.code}/export`, { method: 'POST', data: toFeedQuery(feed, values) });
    } catch {
      // the request layer showed the server's message
    } finally {
      setExporting(false);
    }
  };

  const optionsOf = (c: FeedColumn) => {
    if (c.display === 'action') return Object.entries(ACTIONS).map(([value, names]) => ({ value, label: names[lang] }));
    if (c.enum) return (ENUMS[c.enum] ?? []).map((o) => ({ value: o.value, label: o.label[lang] }));
    return (c.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }));
  };
  const display = (c: FeedColumn, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '';
    if (c.display === 'action') return actionName(String(v), lang);
    if (c.display === 'screen') return screenName(String(v), lang) ?? String(v);
    if (c.kind === 'enum') return optionsOf(c).find((o) => String(o.value) === String(v))?.label ?? String(v);
    if (c.kind === 'time') return dayjs(String(v)).format(`${DAYJS_DATE_FORMAT}.SSS`);
    return String(v);
  };
  const cell = (c: FeedColumn, v: unknown): ReactNode => {
    const s = display(c, v);
    if (!s) return <span className="ops-empty">-</span>;
    // a state (result, level) as a status badge of its declared tone, an attribute as text
    if (c.kind === 'enum' && c.enum) return <EnumValue enumName={c.enum} value={v} />;
    const mono = c.display === 'mono' ? 'ops-mono' : undefined;
    if (c.display === 'screen' || c.display === 'long')
      return (
        <Tooltip title={c.display === 'screen' ? String(v) : s} placement="topLeft">
          <span className={mono}>{s}</span>
        </Tooltip>
      );
    return mono ? <span className={mono}>{s}</span> : s;
  };
  const tenantCell = (row: FeedRow) =>
    row.tenantId === PLATFORM_TENANT_ID ? (
      <Tag>{t('feeds.platform')}</Tag>
    ) : (
      <span className="ops-tenant">
        <span>{String(row.tenantName ?? row.tenantId)}</span>
        {row.tenantCode ? <small>{String(row.tenantCode)}</small> : null}
      </span>
    );
  const time = (v: unknown) => (v ? dayjs(String(v)).format(DAYJS_DATE_FORMAT) : '');

  const columns: ColumnsType<FeedRow> = [
    { key: 'createdAt', dataIndex: 'createdAt', title: t('feeds.field.createdAt'), width: 170, render: (v) => time(v) },
    ...(platform
      ? [{ key: 'tenant', title: t('feeds.field.tenant'), width: 150, render: (_: unknown, row: FeedRow) => tenantCell(row) }]
      : []),
    ...feed.columns.map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: t(c.label),
      width: c.width,
      ellipsis: c.display === 'long' ? { showTitle: false } : undefined,
      align: c.kind === 'int' ? ('right' as const) : undefined,
      render: (v: unknown) => cell(c, v),
    })),
    {
      key: '__actions',
      title: t('feeds.actions'),
      width: 90,
      fixed: screens.sm ? ('right' as const) : undefined,
      render: (_: unknown, row: FeedRow) => (
        <Button type="link" size="small" onClick={() => setDetails(row)} data-testid={`${testId}-details`}>
          {t('feeds.details')}
        </Button>
      ),
    },
  ];
  const width = columns.reduce((s, c) => s + (Number(c.width) || 120), 0);

  const controls: SearchItem[] = [
    {
      key: 'createdAt',
      wide: true,
      node: (
        <Form.Item name="createdAt" label={t('feeds.field.createdAt')}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            allowEmpty={[true, true]}
            presets={[
              { label: t('feeds.presets.today'), value: [dayjs().startOf('day'), dayjs().endOf('day')] },
              { label: t('feeds.presets.last24h'), value: [dayjs().subtract(24, 'hour'), dayjs()] },
              { label: t('feeds.presets.last7d'), value: [dayjs().subtract(7, 'day'), dayjs().endOf('day')] },
              ...(feed.window.maxDays >= 30
                ? [{ label: t('feeds.presets.last30d'), value: [dayjs().subtract(30, 'day'), dayjs().endOf('day')] as [Dayjs, Dayjs] }]
                : []),
            ]}
            data-testid={`${testId}-filter-createdAt`}
          />
        </Form.Item>
      ),
    },
    ...(platform
      ? [
          {
            key: 'tenantId',
            node: (
              <Form.Item name="tenantId" label={t('feeds.field.tenant')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  options={tenantOptions}
                  placeholder={t('feeds.allTenants')}
                  data-testid={`${testId}-filter-tenantId`}
                />
              </Form.Item>
            ),
          },
        ]
      : []),
    ...feed.filters.map((f) => {
      const c = feed.columns.find((x) => x.key === f.key)!;
      const id = `${testId}-filter-${f.key}`;
      const choice = c.kind === 'enum' && f.op !== 'like';
      const control = choice ? (
        <Select
          allowClear
          showSearch={c.display === 'action' ? { optionFilterProp: 'label' } : undefined}
          placeholder={t('feeds.all')}
          options={optionsOf(c)}
          data-testid={id}
        />
      ) : (
        <Input
          allowClear
          maxLength={128}
          // a prefix search matches from the start: the box says so
          placeholder={t(f.op === 'prefix' ? 'feeds.prefixPlaceholder' : 'feeds.inputPlaceholder')}
          data-testid={id}
        />
      );
      return {
        key: f.key,
        node: (
          <Form.Item name={f.key} label={t(c.label)}>
            {control}
          </Form.Item>
        ),
      };
    }),
  ];

  const detailItems = details
    ? [
        { key: 'createdAt', label: t('feeds.field.createdAt'), children: time(details.createdAt) },
        ...(platform ? [{ key: 'tenant', label: t('feeds.field.tenant'), children: tenantCell(details) }] : []),
        ...feed.columns.map((c) => ({
          key: c.key,
          label: t(c.label),
          children: display(c, details[c.key]) || <span className="ops-empty">-</span>,
        })),
      ]
    : [];

  const footer = (
    <KeysetFooter
      pages={pages}
      shown={list.length}
      pageSize={pageSize}
      pageSizes={PAGE_SIZES}
      onPageSize={setPageSize}
      testId={testId}
      note={estimate !== undefined && pages.hasNextPage ? ` · ${t('feeds.estimate', { count: estimate })}` : undefined}
    />
  );

  return (
    <div className="ops-page" data-testid={`${testId}-page-${feed.code.split('/').pop()}`}>
      <SearchLayout
        form={form}
        items={controls}
        initialValues={values}
        onSearch={search}
        onReset={reset}
        collapsed={COLLAPSED}
        testId={`${testId}-search`}
      />
      <div className="page-card">
        <div className="ops-toolbar">
          <Space wrap size={8}>
            {canExport && (
              <Button icon={<DownloadOutlined />} onClick={doExport} loading={exporting} data-testid={`${testId}-export`}>
                {t('feeds.export')}
              </Button>
            )}
            <span className="ops-muted">{t('feeds.windowHint', { days: feed.window.defaultDays, max: feed.window.maxDays })}</span>
          </Space>
          <Space size={2} className="ops-toolbar-tools">
            <Tooltip title={t('feeds.reload')}>
              <Button
                type="text"
                icon={<ReloadOutlined />}
                onClick={() => void pages.refetch()}
                aria-label={t('feeds.reload')}
                data-testid={`${testId}-reload`}
              />
            </Tooltip>
          </Space>
        </div>
        <Table<FeedRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list}
          loading={pages.isFetching && !pages.isFetchingNextPage}
          scroll={{ x: width }}
          data-testid={`${testId}-table`}
          pagination={false}
          footer={() => footer}
        />
      </div>
      <Drawer
        title={t('feeds.detailsTitle')}
        open={!!details}
        onClose={() => setDetails(undefined)}
        size={screens.md ? 560 : '100%'}
        data-testid={`${testId}-drawer`}
      >
        <Descriptions column={1} bordered size="small" items={detailItems} className="ops-descriptions" />
        {(feed.detail ?? []).map((k) => {
          const text = details ? formatBody(details[k]) : '';
          return (
            <div key={k}>
              <Typography.Title level={5} style={{ marginTop: 20 }}>
                {t(`feeds.field.${k}`)}
              </Typography.Title>
              {text ? (
                <pre className="ops-code" data-testid={`${testId}-body`}>
                  {text}
                </pre>
              ) : (
                <span className="ops-muted" data-testid={`${testId}-body-empty`}>
                  {t('feeds.noBody')}
                </span>
              )}
            </div>
          );
        })}
      </Drawer>
    </div>
  );
}
