/**
 * The one screen of every feed (declared in packages/domain/src/feed): the search layout of the
 * other lists with a time window (presets, the feed's default window: partitioned feeds) and the
 * declared filters, a table in the feed's keyset order continued by "load more" (no page numbers,
 * no count), export (partitioned feeds, granted 'export'), reload, and a detail drawer for a row.
 * A screen adds only what is its own through slots: the toolbar's header (e.g. counts per state),
 * a row's drawer, a column's cell, a filter's control, more of the query, and how a page is read
 * when its module serves the list.
 */
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { ENUMS } from '@tagloom/domain/enums.ts';
import {
  defaultFeedWindow,
  type FeedColumn,
  type FeedDef,
  type FeedFilter,
  type FeedPageData,
  type FeedPreset,
  type FeedQuery,
  feedRowKey,
  filterLabel,
  toFeedQuery,
} from '@tagloom/domain/feed/define.ts';
import { ACTIONS } from '@tagloom/domain/menu/actions.ts';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Descriptions, Drawer, Form, Grid, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData, request } from '../../app/request';
import { actionName, screenName } from '../../app/screen-names';
import { DAYJS_DATE_FORMAT, normalizeLang, PLATFORM_TENANT_ID } from '../../domain';
import { EnumValue } from '../resource/field-render';
import { titledColumns } from '../resource/layout';
import { type SearchItem, SearchLayout } from '../resource/SearchLayout';
import { useCan } from '../ScreenContext';
import '../../views/general/_shared/ops.css';
import './feed.css';
import { KeysetFooter } from './KeysetFooter';

export type FeedRow = Record<string, unknown>;
/** How the screen reads one page of its feed (the query as toFeedQuery builds it, with pageSize and cursor). */
export type FeedSource<R extends FeedRow = FeedRow> = (query: FeedQuery) => Promise<FeedPageData<R>>;

/** Controls shown while the search form is collapsed: the window, the tenant and two filters (one row). */
const COLLAPSED = 4;
const PAGE_SIZES = [20, 50, 100];

/** A time range's quick choice, as of now. */
function presetRange(p: FeedPreset): [Dayjs, Dayjs] {
  switch (p) {
    case 'lastHour':
      return [dayjs().subtract(1, 'hour'), dayjs()];
    case 'today':
      return [dayjs().startOf('day'), dayjs().endOf('day')];
    case 'last24h':
      return [dayjs().subtract(24, 'hour'), dayjs()];
    case 'last7d':
      return [dayjs().subtract(7, 'day'), dayjs().endOf('day')];
    case 'last30d':
      return [dayjs().subtract(30, 'day'), dayjs().endOf('day')];
  }
}

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

const initialValues = (feed: FeedDef): Record<string, unknown> => {
  if (!feed.window) return {};
  const [from, to] = defaultFeedWindow(feed);
  return { createdAt: [dayjs(from), dayjs(to)] as [Dayjs, Dayjs] };
};

/** The server's feed routes: POST /api/<code>/list. */
const feedRoutes =
  <R extends FeedRow>(code: string): FeedSource<R> =>
  (query) =>
    fetchData<FeedPageData<R>>(`/${code}/list`, { method: 'POST', data: query });

export interface FeedPageProps<R extends FeedRow = FeedRow> {
  feed: FeedDef;
  /** prefix of the test ids (`<testId>-filter-<key>`, `<testId>-export` …) */
  testId?: string;
  /** how a page is read (default: the server's feed routes; an upserted feed's module serves its own) */
  source?: FeedSource<R>;
  /** more of the query the screen holds itself (e.g. a state chosen in its header) */
  extra?: Record<string, unknown>;
  /** the toolbar's start, given the search values (e.g. counts per state; default: the feed's hint) */
  header?: (values: Record<string, unknown>) => ReactNode;
  /** a row's drawer in place of the generic details (row undefined: closed) */
  drawer?: (row: R | undefined, close: () => void) => ReactNode;
  /** cells the screen draws itself, by column key */
  render?: Record<string, (row: R) => ReactNode>;
  /** filter controls the screen gives (e.g. a select of its own options), by filter key */
  controls?: Record<string, ReactNode>;
  /** after the search form is reset (the screen clears what it holds itself) */
  onReset?: () => void;
}

/**
 * Queries of a feed's screen are keyed ['feed', code, …]: reload refreshes them all, so a header's
 * own query (e.g. counts) refreshes with the table.
 */
export const feedQueryKey = (feed: FeedDef, ...more: unknown[]) => ['feed', feed.code, ...more];

export function FeedPage<R extends FeedRow = FeedRow>({
  feed,
  testId = 'feed',
  source,
  extra,
  header,
  drawer,
  render,
  controls: given,
  onReset,
}: FeedPageProps<R>) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const lang = normalizeLang(i18n.language);
  const canExport = useCan('export');
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm();
  const [values, setValues] = useState<Record<string, unknown>>(() => initialValues(feed));
  const pageSizes = feed.pageSizes ?? PAGE_SIZES;
  const [pageSize, setPageSize] = useState(pageSizes[0]);
  const [exporting, setExporting] = useState(false);
  const [details, setDetails] = useState<R | undefined>();
  const platform = feed.scope === 'platform';
  const partitioned = feed.storage !== 'upserted';
  const read = source ?? feedRoutes<R>(feed.code);
  const rowKey = feedRowKey(feed);
  const opener = feed.columns.some((c) => c.display === 'open');

  const body = toFeedQuery(feed, values, { ...extra, pageSize });
  const pages = useInfiniteQuery({
    queryKey: feedQueryKey(feed, body),
    initialPageParam: undefined as string | undefined,
    // the first page of a partitioned feed asks the planner's estimate of the rows (no count is ever run)
    queryFn: ({ pageParam }) => read(pageParam ? { ...body, cursor: pageParam } : partitioned ? { ...body, estimate: true } : body),
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
    onReset?.();
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
    if (c.kind === 'time') return dayjs(String(v)).format(c.display === 'seconds' ? DAYJS_DATE_FORMAT : `${DAYJS_DATE_FORMAT}.SSS`);
    return String(v);
  };
  const cell = (c: FeedColumn, v: unknown, row: R): ReactNode => {
    const own = render?.[c.key];
    if (own) return own(row);
    const s = display(c, v);
    if (!s) return <span className="ops-empty">-</span>;
    // a state (result, level) as a status badge of its declared tone, an attribute as text
    if (c.kind === 'enum' && c.enum) return <EnumValue enumName={c.enum} value={v} />;
    if (c.display === 'open')
      return (
        <Button type="link" size="small" className="feed-open ops-mono" onClick={() => setDetails(row)} data-testid={`${testId}-open`}>
          {s}
        </Button>
      );
    const mono = c.display === 'mono' ? 'ops-mono' : undefined;
    if (c.display === 'screen' || c.display === 'long')
      return (
        <Tooltip title={c.display === 'screen' ? String(v) : s} placement="topLeft">
          <span className={mono}>{s}</span>
        </Tooltip>
      );
    return mono ? <span className={mono}>{s}</span> : s;
  };
  const tenantCell = (row: R) =>
    row.tenantId === PLATFORM_TENANT_ID ? (
      <Tag>{t('feeds.platform')}</Tag>
    ) : (
      <span className="ops-tenant">
        <span>{String(row.tenantName ?? row.tenantId)}</span>
        {row.tenantCode ? <small>{String(row.tenantCode)}</small> : null}
      </span>
    );
  const time = (v: unknown) => (v ? dayjs(String(v)).format(DAYJS_DATE_FORMAT) : '');
  const hint = feed.hint
    ? t(feed.hint)
    : feed.window
      ? t('feeds.windowHint', { days: feed.window.defaultDays, max: feed.window.maxDays })
      : undefined;

  // each column at least as wide as its title needs (on one line, in any language)
  const columns: ColumnsType<R> = titledColumns([
    ...(partitioned
      ? [
          {
            key: 'createdAt',
            dataIndex: 'createdAt',
            title: t('feeds.field.createdAt'),
            width: 170,
            render: (v: unknown) => time(v),
          },
        ]
      : []),
    ...(platform
      ? [
          {
            key: 'tenant',
            title: t('feeds.field.tenant'),
            width: 150,
            render: (_: unknown, row: R) => tenantCell(row),
          },
        ]
      : []),
    ...feed.columns.map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: t(c.label),
      width: c.width ?? 120,
      fixed: c.fixed && screens.sm ? c.fixed : undefined,
      ellipsis: c.display === 'long' ? { showTitle: false } : undefined,
      align: c.kind === 'int' ? ('right' as const) : undefined,
      render: (v: unknown, row: R) => cell(c, v, row),
    })),
    // a column that opens the row stands for the actions
    ...(opener
      ? []
      : [
          {
            key: '__actions',
            title: t('feeds.actions'),
            width: 90,
            fixed: screens.sm ? ('right' as const) : undefined,
            render: (_: unknown, row: R) => (
              <Button type="link" size="small" onClick={() => setDetails(row)} data-testid={`${testId}-details`}>
                {t('feeds.details')}
              </Button>
            ),
          },
        ]),
  ]);
  const width = columns.reduce((s, c) => s + (Number(c.width) || 120), 0);

  const rangePicker = (id: string, presets: readonly FeedPreset[]) => (
    <DatePicker.RangePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      style={{ width: '100%' }}
      allowEmpty={[true, true]}
      presets={presets.map((p) => ({ label: t(`feeds.presets.${p}`), value: presetRange(p) }))}
      data-testid={id}
    />
  );
  const filterControl = (f: FeedFilter, id: string): ReactNode => {
    const own = given?.[f.key];
    if (own) return own;
    if (f.op === 'range') return rangePicker(id, f.presets ?? ['today', 'last7d']);
    const c = feed.columns.find((x) => x.key === f.key);
    if (c && c.kind === 'enum' && f.op !== 'like')
      return (
        <Select
          allowClear
          showSearch={c.display === 'action' ? { optionFilterProp: 'label' } : undefined}
          placeholder={t('feeds.all')}
          options={optionsOf(c)}
          data-testid={id}
        />
      );
    return (
      <Input
        allowClear
        maxLength={f.maxLength ?? 128}
        // a prefix search matches from the start: the box says so
        placeholder={t(f.placeholder ?? (f.op === 'prefix' ? 'feeds.prefixPlaceholder' : 'feeds.inputPlaceholder'))}
        data-testid={id}
      />
    );
  };

  const controls: SearchItem[] = [
    ...(feed.window
      ? [
          {
            key: 'createdAt',
            wide: true,
            node: (
              <Form.Item name="createdAt" label={t('feeds.field.createdAt')}>
                {rangePicker(`${testId}-filter-createdAt`, [
                  'today',
                  'last24h',
                  'last7d',
                  ...(feed.window.maxDays >= 30 ? (['last30d'] as const) : []),
                ])}
              </Form.Item>
            ),
          },
        ]
      : []),
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
    ...feed.filters.map((f) => ({
      key: f.key,
      wide: f.op === 'range',
      node: (
        <Form.Item name={f.key} label={t(filterLabel(feed, f))}>
          {filterControl(f, `${testId}-filter-${f.key}`)}
        </Form.Item>
      ),
    })),
  ];

  const detailItems = details
    ? [
        ...(partitioned ? [{ key: 'createdAt', label: t('feeds.field.createdAt'), children: time(details.createdAt) }] : []),
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
      pageSizes={pageSizes}
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
          <div className="feed-toolbar-start">
            {canExport && partitioned && (
              <Button icon={<DownloadOutlined />} onClick={doExport} loading={exporting} data-testid={`${testId}-export`}>
                {t('feeds.export')}
              </Button>
            )}
            {header ? header(values) : hint && <span className="ops-muted">{hint}</span>}
          </div>
          <Space size={2} className="ops-toolbar-tools">
            <Tooltip title={t('feeds.reload')}>
              <Button
                type="text"
                icon={<ReloadOutlined />}
                onClick={() => void queryClient.invalidateQueries({ queryKey: feedQueryKey(feed) })}
                aria-label={t('feeds.reload')}
                data-testid={`${testId}-reload`}
              />
            </Tooltip>
          </Space>
        </div>
        <Table<R>
          rowKey={(row) => String(row[rowKey])}
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
      {drawer ? (
        drawer(details, () => setDetails(undefined))
      ) : (
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
      )}
    </div>
  );
}
