/**
 * A count's drawer: its figures (expected, counted, over, short, the accuracies), its lines per SKU
 * (expected vs counted, moved since the snapshot, over and short; the largest differences first),
 * the EPCs counted per zone and its handheld sessions; refresh, sync and a handheld's upload where
 * its state and the user's buttons allow.
 */
import { ReloadOutlined, SyncOutlined, UploadOutlined } from '@ant-design/icons';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { ACTIONS } from '@tagloom/domain/menu/actions.ts';
import { COUNT_STATUS as S } from '@tagloom/domain/resources/store/inventory.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Row as AntRow, Button, Col, Descriptions, Drawer, Grid, Space, Statistic, Table, Tag, Timeline, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { fetchData, request } from '../../../app/request';
import { DATETIME_FORMAT } from '../../../components/resource/model';
import { useScreen } from '../../../components/ScreenContext';
import { normalizeLang } from '../../../domain';
import { DifferencesDetail } from './DifferencesDetail';
import { StatusBadge } from './DifferencesModel';
import { scopeText } from './ScopeInput';

type Row = Record<string, unknown>;
interface Detail {
  count: Row;
  lines: Row[];
  lineCount: number;
  zones: { zoneId: number | null; name: string; epcs: number }[];
  sessions: Row[];
  erp: { id: number; externRef: string; stockTime: string } | null;
  differenceList: { id: number; code: string; status: number } | null;
  workflow: { id: string; type: string; event_time: string; location: string; epc_count: number | null; event_ids: string[] }[];
}

const n = (v: unknown) => Number(v ?? 0);
const pct = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : `${n(v).toFixed(2)} %`);

export function CountDrawer({
  screen,
  count,
  onClose,
  onChanged,
}: {
  screen: string;
  count?: Row;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const message = useMessage();
  const screens = Grid.useBreakpoint();
  const { actions } = useScreen();
  const client = useQueryClient();
  const id = count ? Number(count.id) : undefined;
  const detail = useQuery({
    queryKey: [screen, 'detail', id],
    queryFn: () => fetchData<Detail>(`/${screen}/${id}/detail`),
    enabled: id !== undefined,
    // a refresh runs as a job: the figures come in as it ends
    refetchInterval: 3000,
  });
  const c = detail.data?.count ?? count ?? {};
  const status = n(c.status);
  const reload = () => {
    void client.invalidateQueries({ queryKey: [screen, 'detail', id] });
    onChanged();
  };
  const job = async (what: 'refresh' | 'sync') => {
    await request(`/${screen}/${id}/${what}`, { method: 'POST', data: {} });
    message.success(t(what === 'refresh' ? 'count.refreshStarted' : 'count.syncStarted'));
    reload();
  };
  const upload = async (file: File) => {
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse((await file.text()).replace(/^\uFEFF/, ''));
    } catch {
      message.error(t('count.uploadBad'));
      return;
    }
    if (doc.equipment === undefined && doc.device !== undefined) doc.equipment = doc.device;
    delete doc.device;
    delete doc.subject;
    const res = await request(`/${screen}/${id}/handheld`, { method: 'POST', data: doc });
    message.success(res.msg);
    reload();
  };
  const stateName = (v: unknown) => ENUMS.CountStatus?.find((o) => String(o.value) === String(v))?.label[lang] ?? String(v);
  const sessionState = (v: unknown) => ENUMS.ReadSessionState?.find((o) => String(o.value) === String(v))?.label[lang] ?? String(v);
  const lines = detail.data?.lines ?? [];
  const erp = detail.data?.erp;
  const list = detail.data?.differenceList;
  const [openList, setOpenList] = useState<number>();
  const wholeSite = !(Array.isArray(c.zoneIds) && c.zoneIds.length);
  const when = (v: string) => dayjs(v).format(DATETIME_FORMAT);
  const num = (key: string, title: string, width = 96) => ({
    title,
    dataIndex: key,
    width,
    align: 'right' as const,
    render: (v: unknown) => n(v),
  });

  return (
    <Drawer
      open={!!count}
      onClose={onClose}
      title={t('count.detailTitle', { code: String(c.code ?? '') })}
      size={screens.md ? 860 : '100%'}
      destroyOnHidden
      data-testid="count-drawer"
      extra={
        <Space wrap>
          {actions.includes('refresh') && (status === S.COUNTING || status === S.COUNTED) && (
            <Button icon={<ReloadOutlined />} onClick={() => void job('refresh')} data-testid="count-refresh">
              {ACTIONS.refresh[lang]}
            </Button>
          )}
          {actions.includes('sync') && status === S.COUNTED && (
            <Button icon={<SyncOutlined />} onClick={() => void job('sync')} data-testid="count-sync">
              {ACTIONS.sync[lang]}
            </Button>
          )}
          {actions.includes('upload') && [S.NEW, S.COUNTING, S.COUNTED].includes(status as 1) && (
            <Upload
              accept=".json,application/json"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} title={t('count.uploadHint')} data-testid="count-upload">
                {t('count.upload')}
              </Button>
            </Upload>
          )}
        </Space>
      }
    >
      <AntRow gutter={[16, 12]} data-testid="count-kpis">
        {(
          [
            ['expected', c.expectedPieces],
            ['counted', c.countedPieces],
            ['over', c.overPieces],
            ['short', c.shortPieces],
          ] as const
        ).map(([k, v]) => (
          <Col key={k} xs={12} sm={6}>
            <Statistic title={t(`count.kpi.${k}`)} value={n(v)} />
          </Col>
        ))}
        {(
          [
            ['accuracySku', c.accuracySku],
            ['accuracySmape', c.accuracySmape],
            ['accuracyUnit', c.accuracyUnit],
          ] as const
        ).map(([k, v]) => (
          <Col key={k} xs={12} sm={8}>
            <Statistic title={t(`count.kpi.${k}`)} value={pct(v)} data-testid={`count-${k}`} />
          </Col>
        ))}
      </AntRow>
      <Descriptions size="small" column={screens.md ? 3 : 1} style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('count.col.state')}>
          <Tag>{stateName(c.status)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('count.epcLabel')}>{t('count.epcs', { n: n(c.epcCount) })}</Descriptions.Item>
        <Descriptions.Item label={t('count.goodsLabel')}>
          {(count && scopeText(count, lang === 'en_US' ? ', ' : '、')) ?? t('count.allGoods')}
        </Descriptions.Item>
        <Descriptions.Item label={t('count.erpLabel')}>
          <span data-testid="count-erp">
            {erp ? t(wholeSite ? 'count.erpOf' : 'count.erpZones', { ref: erp.externRef, time: when(erp.stockTime) }) : t('count.noErp')}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('count.diffLabel')}>
          {list ? (
            <Space size={4} wrap data-testid="count-diff-list">
              <span>{list.code}</span>
              <StatusBadge status={list.status} />
              {screen === 'store/inventory' && (
                <Button type="link" size="small" onClick={() => setOpenList(list.id)} data-testid="count-diff-open">
                  {t('count.diffOpen')}
                </Button>
              )}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t(status === S.APPROVED ? 'count.diffNoneMade' : 'count.diffNone')}</Typography.Text>
          )}
        </Descriptions.Item>
        {n(c.unknownEpcs) > 0 && (
          <Descriptions.Item label={t('count.unknownLabel')}>{t('count.unknown', { n: n(c.unknownEpcs) })}</Descriptions.Item>
        )}
      </Descriptions>

      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('count.lines')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="skuId"
        loading={detail.isLoading}
        dataSource={lines}
        locale={{ emptyText: t('count.noLines') }}
        pagination={{ pageSize: 20, size: 'small', showSizeChanger: false }}
        scroll={{ x: 800 }}
        data-testid="count-lines"
        columns={[
          {
            title: t('count.col.sku'),
            dataIndex: 'skuBarcode',
            width: 150,
            render: (v) => <span style={{ fontFamily: 'monospace' }}>{String(v ?? '')}</span>,
          },
          { title: t('count.col.goods'), dataIndex: 'goodsName', width: 160, ellipsis: true },
          { title: t('count.col.colourSize'), key: 'cs', width: 100, render: (_v, r) => [r.colour, r.size].filter(Boolean).join(' / ') },
          num('expectedQty', t('count.col.expected')),
          num('movedQty', t('count.col.moved')),
          num('countedQty', t('count.col.counted')),
          ...(erp && wholeSite
            ? [{ ...num('erpQty', t('count.col.erp'), 76), render: (v: unknown) => (v === null || v === undefined ? 0 : n(v)) }]
            : []),
          {
            ...num('overQty', t('count.col.over'), 76),
            render: (v: unknown) => (n(v) ? <Typography.Text type="warning">+{n(v)}</Typography.Text> : 0),
          },
          {
            ...num('shortQty', t('count.col.short'), 76),
            render: (v: unknown) => (n(v) ? <Typography.Text type="danger">−{n(v)}</Typography.Text> : 0),
          },
        ]}
      />
      {detail.data && detail.data.lineCount > lines.length && (
        <Typography.Text type="secondary">{t('count.linesShown', { shown: lines.length, total: detail.data.lineCount })}</Typography.Text>
      )}

      <AntRow gutter={24} style={{ marginTop: 16 }}>
        <Col xs={24} md={10}>
          <Typography.Title level={5}>{t('count.zones')}</Typography.Title>
          <Table
            size="small"
            rowKey={(r) => String(r.zoneId)}
            dataSource={detail.data?.zones ?? []}
            locale={{ emptyText: t('count.noEpcs') }}
            pagination={false}
            columns={[
              { title: t('count.col.zone'), dataIndex: 'name', render: (v) => String(v || t('count.wholeSite')) },
              { title: 'EPC', dataIndex: 'epcs', width: 90, align: 'right' },
            ]}
          />
        </Col>
        <Col xs={24} md={14}>
          <Typography.Title level={5}>{t('count.sessions')}</Typography.Title>
          <Table
            size="small"
            rowKey={(r) => String(r.id)}
            dataSource={detail.data?.sessions ?? []}
            locale={{ emptyText: t('count.noSessions') }}
            pagination={false}
            scroll={{ x: 420 }}
            columns={[
              { title: t('count.col.session'), dataIndex: 'code', width: 150 },
              { title: t('count.col.device'), dataIndex: 'equipmentCoding', width: 100 },
              { title: t('count.col.state'), dataIndex: 'state', width: 90, render: sessionState },
              { title: 'EPC', dataIndex: 'epcCount', width: 80, align: 'right' },
            ]}
          />
        </Col>
      </AntRow>

      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('count.workflow')}
      </Typography.Title>
      {detail.data?.workflow.length ? (
        <Timeline
          data-testid="count-workflow"
          items={detail.data.workflow.map((w) => ({
            key: w.id,
            color: w.type === 'cycle_count_finished' ? 'green' : 'blue',
            content: (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{t(`count.wf.${w.type}`)}</Typography.Text>
                <Typography.Text type="secondary">{when(w.event_time)}</Typography.Text>
                {w.epc_count !== null && (
                  <Typography.Text type="secondary">
                    {[t('count.wfEpcs', { n: w.epc_count }), w.event_ids.length ? t('count.wfEvents', { n: w.event_ids.length }) : '']
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                )}
                <Typography.Text type="secondary" copyable style={{ fontSize: 12, wordBreak: 'break-all' }}>
                  {w.location}
                </Typography.Text>
              </Space>
            ),
          }))}
        />
      ) : (
        <Typography.Text type="secondary">{t('count.noWorkflow')}</Typography.Text>
      )}
      {screen === 'store/inventory' && (
        <DifferencesDetail id={openList} onClose={() => setOpenList(undefined)} onChanged={() => void detail.refetch()} />
      )}
    </Drawer>
  );
}
