/**
 * One difference list (store/inventory → Differences, a row opened): its SMAPE and SKU accuracy and
 * totals on top (§9), its lines per SKU — ERP and RFID figures, diff = rfid − erp, value — with
 * "only differences" and, on a draft, each line's Ignore; Approve (the ERP is to be corrected to
 * the RFID figures; the book stays), Export (a job writing the ERP adjustment as a sheet, downloaded
 * when it ends; again after a failure) and Delete (a draft).
 */

import { DIFF_SOURCE, DIFF_STATUS, EXPORTABLE } from '@tagloom/domain/resources/store/differences.ts';
import { Alert, Button, Checkbox, Drawer, Popconfirm, Space, Statistic, Switch, Table, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { fetchData, request } from '../../../app/request';
import { downloadJob, followJob, type Job } from '../../../components/jobs/api';
import { JobProgress } from '../../../components/jobs/JobProgress';
import { useCan } from '../../../components/ScreenContext';
import { type ListHead, money, pct, StatusBadge, signed } from './DifferencesModel';

export interface Line {
  skuId: number;
  skuBarcode: string;
  gtin: string;
  goodsName: string;
  colour: string;
  size: string;
  erpQty: number;
  rfidQty: number;
  diffQty: number;
  price: number;
  value: number;
  ignored: boolean;
}
type Detail = ListHead & { lines: Line[] };

export function DifferencesDetail({ id, onClose, onChanged }: { id: number | undefined; onClose: () => void; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const canEdit = useCan('edit');
  const canApprove = useCan('approve');
  const canExport = useCan('export');
  const canDelete = useCan('delete');
  const [list, setList] = useState<Detail>();
  const [onlyDiff, setOnlyDiff] = useState(true);
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<Job>();
  const following = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => following.current?.abort(), []);

  const load = async (listId: number) => setList(await fetchData<Detail>('/store/difference-lists/get', { params: { id: listId } }));
  useEffect(() => {
    setList(undefined);
    setJob(undefined);
    if (id) void load(id).catch(() => undefined);
  }, [id]);

  const lines = useMemo(() => (list?.lines ?? []).filter((l) => !onlyDiff || l.diffQty !== 0), [list, onlyDiff]);
  const draft = list?.status === DIFF_STATUS.DRAFT;
  const act = async (fn: () => Promise<unknown>) => {
    if (!list) return;
    setBusy(true);
    try {
      await fn();
      await load(list.id);
      onChanged();
    } catch {
      // the request showed the server's message
    } finally {
      setBusy(false);
    }
  };
  const ignore = (line: Line, ignored: boolean) =>
    act(() => request('/store/difference-lists/ignore', { data: { id: list!.id, skuIds: [line.skuId], ignored } }));
  const approve = () =>
    act(async () => message.success((await request('/store/difference-lists/approve', { data: { id: list!.id } })).msg));
  const remove = () =>
    act(async () => {
      await request('/store/difference-lists/delete', { data: { id: list!.id } });
      onClose();
    });
  const exportList = () =>
    act(async () => {
      const { jobId } = (await request<{ jobId: string }>('/store/difference-lists/export', { data: { id: list!.id } })).data;
      const ctrl = new AbortController();
      following.current = ctrl;
      const ended = await followJob(jobId, setJob, ctrl.signal);
      if (ended.state === 'done') {
        message.success(ended.message);
        await downloadJob(jobId);
      } else message.error(ended.message);
    });

  const nf = new Intl.NumberFormat(i18n.language.replace('_', '-'));
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size="large"
      title={list ? `${list.code} · ${list.siteCode} ${list.siteName}` : t('differences.title')}
      extra={list && <StatusBadge status={list.status} />}
      data-testid="diff-detail"
      destroyOnHidden
    >
      {list && (
        <>
          <div className="diff-kpis" data-testid="diff-kpis">
            <Statistic title={t('differences.smape')} value={pct(list.accuracySmape)} />
            <Statistic title={t('differences.skuAccuracy')} value={pct(list.accuracySku)} />
            <Statistic title={t('differences.plus')} value={nf.format(list.plusQty)} />
            <Statistic title={t('differences.minus')} value={nf.format(list.minusQty)} />
            <Statistic title={t('differences.absolute')} value={nf.format(list.absQty)} data-testid="diff-absolute" />
            <Statistic title={t('differences.ignoredSkus')} value={nf.format(list.ignoredSkus)} data-testid="diff-ignored" />
            <Statistic title={t('differences.value')} value={money(list.diffValue, list.currency, i18n.language)} />
          </div>
          <Typography.Paragraph type="secondary">
            {t('differences.compared', {
              ref: list.erpRef,
              erpTime: new Date(list.erpTime).toLocaleString(i18n.language.replace('_', '-')),
              rfidTime: new Date(list.rfidAt).toLocaleString(i18n.language.replace('_', '-')),
              skus: nf.format(list.comparedSkus),
            })}
            {` ${
              list.countCode
                ? t(list.source === DIFF_SOURCE.COUNT ? 'differences.countedBy' : 'differences.standsOn', {
                    code: list.countCode,
                    at: list.countAt ? new Date(list.countAt).toLocaleString(i18n.language.replace('_', '-')) : '',
                  })
                : t('differences.neverCounted')
            }`}
            {list.approvedAt &&
              ` ${t('differences.approvedBy', { who: list.approvedBy ?? '', at: new Date(list.approvedAt).toLocaleString(i18n.language.replace('_', '-')) })}`}
          </Typography.Paragraph>
          {list.status === DIFF_STATUS.EXPORT_ERROR && list.exportMessage && (
            <Alert type="error" showIcon title={list.exportMessage} style={{ marginBottom: 12 }} data-testid="diff-export-error" />
          )}
          <Space wrap style={{ marginBottom: 12 }}>
            {canApprove && draft && (
              <Popconfirm title={t('differences.approveConfirm')} onConfirm={() => void approve()} okText={t('differences.approve')}>
                <Button type="primary" loading={busy} data-testid="diff-approve">
                  {t('differences.approve')}
                </Button>
              </Popconfirm>
            )}
            {canExport && EXPORTABLE.includes(list.status) && (
              <Button type="primary" loading={busy} onClick={() => void exportList()} data-testid="diff-export">
                {list.status === DIFF_STATUS.EXPORT_ERROR ? t('differences.exportAgain') : t('differences.export')}
              </Button>
            )}
            {canDelete && draft && (
              <Popconfirm title={t('differences.deleteConfirm')} onConfirm={() => void remove()}>
                <Button danger loading={busy} data-testid="diff-delete">
                  {t('differences.delete')}
                </Button>
              </Popconfirm>
            )}
            <Space size={6}>
              <Switch size="small" checked={onlyDiff} onChange={setOnlyDiff} data-testid="diff-only" />
              <span>{t('differences.onlyDifferences')}</span>
            </Space>
          </Space>
          {job && !job.final && <JobProgress job={job} />}
          <Table<Line>
            rowKey="skuId"
            size="small"
            dataSource={lines}
            pagination={{ pageSize: 50, showSizeChanger: false }}
            scroll={{ x: 680 }}
            rowClassName={(l) => (l.ignored ? 'diff-ignored' : '')}
            data-testid="diff-lines"
            columns={[
              {
                title: t('differences.ignore'),
                dataIndex: 'ignored',
                width: 76,
                align: 'center',
                fixed: 'left',
                render: (v: boolean, l) => (
                  <Checkbox
                    checked={v}
                    disabled={!draft || !canEdit || busy}
                    onChange={(e) => void ignore(l, e.target.checked)}
                    aria-label={t('differences.ignoreSku', { sku: l.skuBarcode })}
                    data-testid={`diff-ignore-${l.skuBarcode}`}
                  />
                ),
              },
              {
                title: t('differences.sku'),
                dataIndex: 'skuBarcode',
                width: 140,
                render: (v: string, l) => (
                  <span title={`${l.gtin} ${l.goodsName} ${l.colour} ${l.size}`.trim()} className="mono">
                    {v}
                  </span>
                ),
              },
              {
                title: t('differences.goods'),
                dataIndex: 'goodsName',
                ellipsis: true,
                render: (v: string, l) => `${v} ${l.colour} ${l.size}`.trim(),
              },
              { title: t('differences.erpQty'), dataIndex: 'erpQty', width: 70, align: 'right' },
              { title: t('differences.rfidQty'), dataIndex: 'rfidQty', width: 70, align: 'right' },
              {
                title: t('differences.diff'),
                dataIndex: 'diffQty',
                width: 64,
                align: 'right',
                render: (v: number) => <span className={v > 0 ? 'diff-plus' : v < 0 ? 'diff-minus' : ''}>{signed(v)}</span>,
              },
              {
                title: t('differences.lineValue'),
                dataIndex: 'value',
                width: 110,
                align: 'right',
                render: (v: number) => money(v, list.currency, i18n.language),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
