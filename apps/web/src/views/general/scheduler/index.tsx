/**
 * Scheduled tasks (general/scheduler): the generic resource page (Pause / Recover / Stop come from
 * the declared state machine, as row links and toolbar buttons) plus the task's own parts — run
 * history in a drawer, the handler (class name) picked from /handlers, cron or time-trigger fields
 * shown per type.
 */
import { HistoryOutlined } from '@ant-design/icons';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Grid, Select, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { FieldInput, type InputProps } from '../../../components/resource/field-render';
import { resourceOf } from '../../../components/resource/registry';
import type { Field, Mode, Row } from '../../../components/resource/types';
import { DAYJS_DATE_FORMAT, normalizeLang } from '../../../domain';
import { ShippedPage } from '../_shared/ShippedPage';
import { useShipped } from '../_shared/use-shipped';
import { showsField, TRIGGER_FIELDS } from './scheduler-logic';
import '../_shared/ops.css';
import './scheduler.css';

const CODE = 'general/scheduler';
const def = resourceOf(CODE)!;

interface Handler {
  value: string;
  label: string;
}
interface Run {
  id: number;
  taskId: number;
  firedAt: string;
  startedAt: string;
  endedAt: string;
  durationMs: number;
  result: number;
  message: string;
}
interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * A task kind's short localized name; a kind a module registered without a console name shows the
 * server's description (in the user's language), and only an unknown one its code.
 */
const handlerName = (t: TFunction, code: unknown, described?: string): string =>
  t(`schedulerHandlers.${String(code)}`, { defaultValue: described || String(code ?? '') });

const time = (v: unknown) => (v ? dayjs(String(v)).format(DAYJS_DATE_FORMAT) : '');

function useHandlers() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['scheduler', 'handlers', i18n.language],
    queryFn: () => fetchData<Handler[]>(`/${CODE}/handlers`, { method: 'POST', data: {} }),
    staleTime: 5 * 60_000,
  });
}

/** The handler (class name) picker: registered keys with their localized descriptions. */
function HandlerSelect({ field, disabled, ...rest }: Omit<InputProps, 'mode'>) {
  const { t } = useTranslation();
  const { data, isLoading } = useHandlers();
  return (
    <Select
      {...(rest as object)}
      disabled={disabled}
      allowClear
      showSearch={{ optionFilterProp: 'search' }}
      loading={isLoading}
      placeholder={t('scheduler.handlerPlaceholder')}
      options={(data ?? []).map((h) => ({
        value: h.value,
        label: handlerName(t, h.value, h.label),
        search: `${handlerName(t, h.value, h.label)} ${h.value} ${h.label}`,
        desc: h.label,
      }))}
      optionRender={(o) => (
        <div className="sched-handler-option">
          <span>
            {String(o.label)} <small className="ops-mono">{String(o.value)}</small>
          </span>
          <small>{(o.data as { desc: string }).desc}</small>
        </div>
      )}
      data-testid={`field-${field.key}`}
    />
  );
}

/** An input shown only for its trigger type; otherwise a marker that hides its whole form item. */
function TriggerField({ field, mode, disabled, ...rest }: InputProps) {
  const form = Form.useFormInstance();
  const type = Form.useWatch('triggerType', form);
  if (!showsField(field.key, type)) return <span className="sched-hidden-field" data-field={field.key} />;
  return <FieldInput field={field} mode={mode} disabled={disabled} {...rest} />;
}

export default function Scheduler() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const screens = Grid.useBreakpoint();
  const [runsOf, setRunsOf] = useState<Row | undefined>();
  const [runPaging, setRunPaging] = useState({ page: 1, pageSize: 10 });
  const handlers = useHandlers();
  const shipped = useShipped();

  const runs = useQuery({
    queryKey: ['scheduler', 'runs', runsOf?.id, runPaging, lang],
    queryFn: () => fetchData<Page<Run>>(`/${CODE}/runs`, { method: 'POST', data: { id: runsOf!.id, ...runPaging } }),
    enabled: !!runsOf,
    placeholderData: keepPreviousData,
  });

  const openRuns = (row: Row) => {
    setRunPaging({ page: 1, pageSize: 10 });
    setRunsOf(row);
  };

  const handlerLabel = (v: unknown) => handlers.data?.find((h) => h.value === v)?.label;
  const enumLabel = (name: string, v: unknown) => ENUMS[name]?.find((o) => String(o.value) === String(v))?.label[lang] ?? String(v ?? '');

  return (
    <div data-testid="scheduler">
      <ShippedPage
        def={def}
        columnOverrides={{
          name: (_v, row) => (
            <Tooltip title={t('scheduler.runHistory')}>
              <Button type="link" size="small" className="sched-name" onClick={() => openRuns(row)} data-testid="sched-name">
                {shipped.field(CODE, row, 'name')}
              </Button>
            </Tooltip>
          ),
          className: (v) => (
            <Tooltip title={handlerLabel(v)}>
              <span className="sched-handler" data-testid="sched-handler">
                <span>{handlerName(t, v, handlerLabel(v))}</span>
                <small className="ops-mono">{String(v)}</small>
              </span>
            </Tooltip>
          ),
          cron: (v) => (v ? <span className="ops-mono">{String(v)}</span> : <span className="ops-empty">-</span>),
          triggerType: (v) => <Tag color={Number(v) === 2 ? 'purple' : 'cyan'}>{enumLabel('SchedulerType', v)}</Tag>,
        }}
        formOverrides={{
          className: ({ field, disabled }) => <HandlerSelect field={field} disabled={disabled} />,
          ...Object.fromEntries(
            Object.keys(TRIGGER_FIELDS).map((k) => [
              k,
              ({ field, mode, disabled }: { field: Field; mode: Mode; disabled: boolean }) => (
                <TriggerField field={field} mode={mode} disabled={disabled} />
              ),
            ]),
          ),
        }}
        extraRowActions={(row) => (
          <Tooltip title={t('scheduler.runHistory')}>
            <Button
              type="link"
              size="small"
              icon={<HistoryOutlined />}
              aria-label={t('scheduler.runHistory')}
              onClick={() => openRuns(row)}
              data-testid="sched-runs"
            />
          </Tooltip>
        )}
      />
      <Drawer
        title={runsOf ? t('scheduler.runsTitle', { name: shipped.field(CODE, runsOf, 'name') }) : ''}
        open={!!runsOf}
        onClose={() => setRunsOf(undefined)}
        size={screens.lg ? 860 : '100%'}
        data-testid="sched-runs-drawer"
      >
        <Table<Run>
          rowKey="id"
          size="small"
          loading={runs.isFetching}
          dataSource={runs.data?.list}
          scroll={{ x: 760 }}
          data-testid="sched-runs-table"
          locale={{ emptyText: t('scheduler.noRuns') }}
          onChange={(p) => setRunPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
          pagination={{
            current: runPaging.page,
            pageSize: runPaging.pageSize,
            total: runs.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50],
            showTotal: (total) => t('common.total', { total }),
          }}
          columns={[
            { key: 'firedAt', dataIndex: 'firedAt', title: t('scheduler.run.firedAt'), width: 170, render: time },
            { key: 'startedAt', dataIndex: 'startedAt', title: t('scheduler.run.startedAt'), width: 170, render: time },
            { key: 'durationMs', dataIndex: 'durationMs', title: t('scheduler.run.durationMs'), width: 110, align: 'right' },
            {
              key: 'result',
              dataIndex: 'result',
              title: t('scheduler.run.result'),
              width: 90,
              render: (v: number) => <Tag color={v === 1 ? 'success' : 'error'}>{enumLabel('RunResult', v)}</Tag>,
            },
            { key: 'message', dataIndex: 'message', title: t('scheduler.run.message') },
          ]}
        />
      </Drawer>
    </div>
  );
}
