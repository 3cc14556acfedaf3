/**
 * One log screen (login, operation, sync, device): search form with a time range (last 7 days by
 * default), server-paged table across tenants, Export (granted 'export'), reload, a details drawer
 * (with the request body on the operation log).
 */
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { ACTIONS } from '@tagloom/domain/menu/actions.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Descriptions, Drawer, Form, Grid, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData, request } from '../../../app/request';
import { actionName, screenName } from '../../../app/screen-names';
import { EnumValue } from '../../../components/resource/field-render';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../components/resource/model';
import { type SearchItem, SearchLayout } from '../../../components/resource/SearchLayout';
import { useCan } from '../../../components/ScreenContext';
import { DAYJS_DATE_FORMAT, LOGIN_TYPE, normalizeLang, PLATFORM_TENANT_ID } from '../../../domain';
import { defaultWindow, formatBody, LOG_VIEWS, type LogColumn, type LogKind, toLogQuery } from './log-defs';
import '../_shared/ops.css';

type LogRow = Record<string, unknown> & { id: number; tenantId: number; createdAt: string };
interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Controls shown while the search form is collapsed: the time range, the tenant and two filters (one row). */
const COLLAPSED = 4;

const initialValues = () => {
  const [from, to] = defaultWindow();
  return { createdAt: [dayjs(from), dayjs(to)] as [Dayjs, Dayjs] };
};

export function LogPage({ kind }: { kind: LogKind }) {
  const view = LOG_VIEWS[kind];
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const canExport = useCan('export');
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm();
  const [values, setValues] = useState<Record<string, unknown>>(initialValues);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [exporting, setExporting] = useState(false);
  const [details, setDetails] = useState<LogRow | undefined>();

  const body = toLogQuery(view, values, paging);
  const { data, isFetching, refetch } = useQuery({
    queryKey: ['logs', kind, body, lang],
    queryFn: () => fetchData<Page<LogRow>>(`/${view.code}/list`, { method: 'POST', data: body }),
    placeholderData: keepPreviousData,
  });

  const tenants = useQuery({
    queryKey: ['logs', 'tenant-options'],
    queryFn: () =>
      fetchData<Page<{ id: number; code: string; name: string }>>('/general/tenant/list', {
        method: 'POST',
        data: { page: 1, pageSize: 500 },
        silent: true,
      }),
    staleTime: 60_000,
    retry: false,
  });
  const tenantOptions = [
    { value: PLATFORM_TENANT_ID, label: t('logs.platform') },
    ...(tenants.data?.list ?? []).map((x) => ({ value: x.id, label: `${x.code} · ${x.name}` })),
  ];

  const search = (v: Record<string, unknown>) => {
    setValues(v);
    setPaging((p) => ({ ...p, page: 1 }));
    void queryClient.invalidateQueries({ queryKey: ['logs', kind] });
  };
  const reset = () => {
    form.resetFields();
    const init = initialValues();
    form.setFieldsValue(init);
    search(init);
  };

  const doExport = async () => {
    setExporting(true);
    try {
      await request(`/${view.code}/export`, { method: 'POST', data: toLogQuery(view, values, { page: 1, pageSize: DEFAULT_PAGE_SIZE }) });
    } catch {
      // the request layer showed the server's message
    } finally {
      setExporting(false);
    }
  };

  const enumLabel = (enumName: string | undefined, v: unknown) =>
    ENUMS[enumName ?? '']?.find((o) => String(o.value) === String(v))?.label[lang] ?? String(v ?? '');
  const display = (c: LogColumn, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '';
    if (c.kind === 'enum') return enumLabel(c.enumName, v);
    if (c.key === 'action') return actionName(String(v), lang);
    if (c.key === 'screen') return screenName(String(v), lang) ?? String(v);
    if (c.key === 'loginType')
      return v === LOGIN_TYPE.PASSWORD ? t('logs.loginTypes.password') : v === LOGIN_TYPE.SSO ? t('logs.loginTypes.sso') : String(v);
    return String(v);
  };
  const cell = (c: LogColumn, v: unknown, row: LogRow): ReactNode => {
    const s = display(c, v);
    if (!s) return <span className="ops-empty">-</span>;
    // a state (result, level) as a status badge of its declared tone, an attribute as text
    if (c.kind === 'enum') return <EnumValue enumName={c.enumName} value={v} />;
    if (c.key === 'screen')
      return (
        <Tooltip title={String(v)}>
          <span>{s}</span>
        </Tooltip>
      );
    if (c.long)
      return (
        <Tooltip title={s} placement="topLeft">
          <span className={c.kind === 'mono' ? 'ops-mono' : undefined}>{s}</span>
        </Tooltip>
      );
    if (c.kind === 'mono') return <span className="ops-mono">{s}</span>;
    void row;
    return s;
  };
  const tenantCell = (row: LogRow) =>
    row.tenantId === PLATFORM_TENANT_ID ? (
      <Tag>{t('logs.platform')}</Tag>
    ) : (
      <span className="ops-tenant">
        <span>{String(row.tenantName ?? row.tenantId)}</span>
        {row.tenantCode ? <small>{String(row.tenantCode)}</small> : null}
      </span>
    );
  const time = (v: unknown) => (v ? dayjs(String(v)).format(DAYJS_DATE_FORMAT) : '');

  const columns: ColumnsType<LogRow> = [
    { key: 'createdAt', dataIndex: 'createdAt', title: t('logs.field.createdAt'), width: 170, render: (v) => time(v) },
    { key: 'tenant', title: t('logs.field.tenant'), width: 150, render: (_, row) => tenantCell(row) },
    ...view.columns.map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: t(`logs.field.${c.key}`),
      width: c.width,
      ellipsis: c.long ? { showTitle: false } : undefined,
      align: c.kind === 'int' ? ('right' as const) : undefined,
      render: (v: unknown, row: LogRow) => cell(c, v, row),
    })),
    {
      key: '__actions',
      title: t('logs.actions'),
      width: 90,
      fixed: screens.sm ? ('right' as const) : undefined,
      render: (_: unknown, row: LogRow) => (
        <Button type="link" size="small" onClick={() => setDetails(row)} data-testid="log-details">
          {t('logs.details')}
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
        <Form.Item name="createdAt" label={t('logs.field.createdAt')}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            allowEmpty={[true, true]}
            presets={[
              { label: t('logs.presets.today'), value: [dayjs().startOf('day'), dayjs().endOf('day')] },
              { label: t('logs.presets.last24h'), value: [dayjs().subtract(24, 'hour'), dayjs()] },
              { label: t('logs.presets.last7d'), value: [dayjs().subtract(7, 'day'), dayjs().endOf('day')] },
              { label: t('logs.presets.last30d'), value: [dayjs().subtract(30, 'day'), dayjs().endOf('day')] },
            ]}
            data-testid="log-filter-createdAt"
          />
        </Form.Item>
      ),
    },
    {
      key: 'tenantId',
      node: (
        <Form.Item name="tenantId" label={t('logs.field.tenant')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={tenantOptions}
            placeholder={t('logs.allTenants')}
            data-testid="log-filter-tenantId"
          />
        </Form.Item>
      ),
    },
    ...view.filters.map((f) => {
      let control: ReactNode;
      const testId = `log-filter-${f.key}`;
      if (f.control === 'enum')
        control = (
          <Select
            allowClear
            placeholder={t('logs.all')}
            options={(ENUMS[f.enumName ?? ''] ?? []).map((o) => ({ value: o.value, label: o.label[lang] }))}
            data-testid={testId}
          />
        );
      else if (f.control === 'action')
        control = (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('logs.all')}
            options={Object.entries(ACTIONS).map(([value, names]) => ({ value, label: names[lang] }))}
            data-testid={testId}
          />
        );
      else if (f.control === 'loginType')
        control = (
          <Select
            allowClear
            placeholder={t('logs.all')}
            options={[
              { value: LOGIN_TYPE.PASSWORD, label: t('logs.loginTypes.password') },
              { value: LOGIN_TYPE.SSO, label: t('logs.loginTypes.sso') },
            ]}
            data-testid={testId}
          />
        );
      else control = <Input allowClear maxLength={128} placeholder={t('logs.inputPlaceholder')} data-testid={testId} />;
      return {
        key: f.key,
        node: (
          <Form.Item name={f.key} label={t(`logs.field.${f.key}`)}>
            {control}
          </Form.Item>
        ),
      };
    }),
  ];

  const detailItems = details
    ? [
        { key: 'createdAt', label: t('logs.field.createdAt'), children: time(details.createdAt) },
        { key: 'tenant', label: t('logs.field.tenant'), children: tenantCell(details) },
        ...view.columns.map((c) => ({
          key: c.key,
          label: t(`logs.field.${c.key}`),
          children: display(c, details[c.key]) || <span className="ops-empty">-</span>,
        })),
      ]
    : [];
  const bodyText = details ? formatBody(details.body) : '';

  return (
    <div className="ops-page" data-testid={`log-page-${kind}`}>
      <SearchLayout
        form={form}
        items={controls}
        initialValues={values}
        onSearch={search}
        onReset={reset}
        collapsed={COLLAPSED}
        testId="log-search"
      />
      <div className="page-card">
        <div className="ops-toolbar">
          <Space wrap size={8}>
            {canExport && (
              <Button icon={<DownloadOutlined />} onClick={doExport} loading={exporting} data-testid="log-export">
                {t('logs.export')}
              </Button>
            )}
            <span className="ops-muted">{t('logs.rangeHint')}</span>
          </Space>
          <Space size={2} className="ops-toolbar-tools">
            <Tooltip title={t('logs.reload')}>
              <Button
                type="text"
                icon={<ReloadOutlined />}
                onClick={() => void refetch()}
                aria-label={t('logs.reload')}
                data-testid="log-reload"
              />
            </Tooltip>
          </Space>
        </div>
        <Table<LogRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.list}
          loading={isFetching}
          scroll={{ x: width }}
          data-testid="log-table"
          onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? DEFAULT_PAGE_SIZE })}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total) => t('common.total', { total }),
            size: screens.sm ? undefined : 'small',
          }}
        />
      </div>
      <Drawer
        title={t('logs.detailsTitle')}
        open={!!details}
        onClose={() => setDetails(undefined)}
        size={screens.md ? 560 : '100%'}
        data-testid="log-drawer"
      >
        <Descriptions column={1} bordered size="small" items={detailItems} className="ops-descriptions" />
        {view.body && (
          <>
            <Typography.Title level={5} style={{ marginTop: 20 }}>
              {t('logs.body')}
            </Typography.Title>
            {bodyText ? (
              <pre className="ops-code" data-testid="log-body">
                {bodyText}
              </pre>
            ) : (
              <span className="ops-muted" data-testid="log-body-empty">
                {t('logs.noBody')}
              </span>
            )}
          </>
        )}
      </Drawer>
    </div>
  );
}
