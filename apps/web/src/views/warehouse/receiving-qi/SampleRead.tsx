/**
 * The QI sample of an inspection (warehouse/receiving-qi): the sampled EPCs read at the warehouse's
 * QI area, the count against the plan ("32 / 50 read"), and — for a keeper with the Read sample
 * button while the inspection is not submitted — the read itself: pick the QI reader, Start, watch
 * the count (the server tells the dialog each time the read adds EPCs), Close to store it.
 */

import { SyncOutlined } from '@ant-design/icons';
import type { SampleEpc } from '@tagloom/domain/resources/warehouse/wire.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Grid, Modal, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { fetchData, request } from '../../../app/request';
import { openStream } from '../../rfid/raw-data/sse';

export interface Sample {
  inspection: { id: number; code: string; status: number; sampleSize: number; inspectedQty: number };
  session: { id: number; code: string; equipmentCoding: string; startedAt: string; epcCount: number } | null;
  counted: number;
  foreign: number;
  epcs: SampleEpc[];
}

interface QiReader {
  code: string;
  name: string;
  zone: string;
  busyWith: { type: string; code: string } | null;
}

const SCREEN = 'warehouse/receiving-qi';
const sampleKey = (id: number | undefined) => [SCREEN, 'sample', id];

/** The sample of an inspection (kept current while its dialog is open: useSampleLive). */
export function useSample(id: number | undefined) {
  return useQuery({
    queryKey: sampleKey(id),
    queryFn: () => fetchData<Sample>(`/${SCREEN}/sample`, { params: { id } }),
    enabled: !!id,
  });
}

/**
 * Follows the inspection's sample as it is read (GET …/sample/live): each change asks the sample
 * again; its read's close also the list's row (its inspected pieces) and the readers (free again).
 * Back after a break, what changed meanwhile is asked for too.
 */
function useSampleLive(id: number | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!id) return;
    let opened = false;
    const again = (all: boolean) =>
      all
        ? Promise.all([client.invalidateQueries({ queryKey: [SCREEN] }), client.invalidateQueries({ queryKey: ['resource', SCREEN] })])
        : client.invalidateQueries({ queryKey: sampleKey(id) });
    return openStream(`/${SCREEN}/sample/live?id=${id}`, {
      onState: (state) => {
        if (state !== 'open') return;
        if (opened) void again(true);
        opened = true;
      },
      onEvent: (event, data) => {
        if (event === 'sample') void again(!(data as { open?: boolean }).open);
      },
    });
  }, [id, client]);
}

export function SampleRead({
  inspection,
  canRead,
  onClose,
  onChanged,
}: {
  inspection: { id: number; code: string } | undefined;
  /** the user holds Read sample and the inspection is not submitted */
  canRead: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const screens = Grid.useBreakpoint();
  const client = useQueryClient();
  const id = inspection?.id;
  const sample = useSample(id);
  useSampleLive(id);
  const readers = useQuery({
    queryKey: [SCREEN, 'qi-readers', id],
    queryFn: () => fetchData<{ list: QiReader[] }>(`/${SCREEN}/qi-readers`, { params: { id } }),
    enabled: !!id && canRead,
  });
  const [picked, setPicked] = useState<string>();
  const [busy, setBusy] = useState(false);
  const data = sample.data;
  const open = data?.session ?? null;
  const free = (readers.data?.list ?? []).filter((r) => !r.busyWith);
  const reader = open?.equipmentCoding ?? picked ?? free[0]?.code;
  const plan = data?.inspection.sampleSize ?? 0;
  const counted = data?.counted ?? 0;

  const refresh = async () => {
    // the sample, the readers' state, and the list's inspected pieces and status
    await Promise.all([client.invalidateQueries({ queryKey: [SCREEN] }), client.invalidateQueries({ queryKey: ['resource', SCREEN] })]);
    onChanged();
  };
  const start = async () => {
    if (!id || !reader) return;
    setBusy(true);
    try {
      const env = await request(`/${SCREEN}/sample/start`, { method: 'POST', data: { id, equipment: reader } });
      message.success(env.msg);
    } catch {
      // the server's refusal is shown by request()
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const close = async () => {
    if (!id) return;
    setBusy(true);
    try {
      const env = await request<{ short: number }>(`/${SCREEN}/sample/close`, { method: 'POST', data: { id } });
      if (env.data.short > 0) message.warning(env.msg);
      else message.success(env.msg);
    } catch {
      // shown by request()
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return (
    <Modal
      open={!!inspection}
      onCancel={onClose}
      title={t('qi.sample.title', { code: inspection?.code ?? '' })}
      width={screens.md ? 760 : '100%'}
      footer={
        <Button onClick={onClose} data-testid="qi-sample-done">
          {t('qi.sample.done')}
        </Button>
      }
      destroyOnHidden
      maskClosable={!open}
      data-testid="qi-sample"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div>
          <Space wrap size={[12, 4]}>
            <Typography.Text strong data-testid="qi-sample-count">
              {t('qi.sample.count', { counted, sample: plan })}
            </Typography.Text>
            {!!data?.foreign && (
              <Tag color="error" data-testid="qi-sample-foreign">
                {t('qi.sample.foreignCount', { count: data.foreign })}
              </Tag>
            )}
            {open && (
              <Tag color="processing" icon={<SyncOutlined spin />} data-testid="qi-sample-reading">
                {t('qi.sample.readingAt', { equipment: open.equipmentCoding })}
              </Tag>
            )}
          </Space>
          <Progress
            percent={plan ? Math.min(100, Math.round((100 * counted) / plan)) : 0}
            status={counted >= plan && plan > 0 ? 'success' : open ? 'active' : 'normal'}
            showInfo={false}
          />
          {!open && !!data && counted < plan && counted > 0 && (
            <Typography.Text type="warning" data-testid="qi-sample-short">
              {t('qi.sample.short', { short: plan - counted })}
            </Typography.Text>
          )}
        </div>
        {canRead &&
          (readers.isSuccess && !readers.data.list.length ? (
            <Alert type="warning" showIcon title={t('qi.sample.noReader')} data-testid="qi-sample-no-reader" />
          ) : (
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
              <Select
                style={{ flex: screens.md ? '0 1 340px' : '1 1 100%', minWidth: 0 }}
                value={reader}
                onChange={setPicked}
                disabled={!!open || busy}
                placeholder={t('qi.sample.pickReader')}
                loading={readers.isLoading}
                options={(readers.data?.list ?? []).map((r) => ({
                  value: r.code,
                  disabled: !!r.busyWith && r.busyWith.code !== data?.inspection.code,
                  // the reader of this sample's own read is not busy for it
                  label:
                    r.busyWith && r.busyWith.code !== data?.inspection.code
                      ? t('qi.sample.readerBusy', { code: r.code, zone: r.zone, subject: r.busyWith.code })
                      : t('qi.sample.reader', { code: r.code, zone: r.zone }),
                }))}
                data-testid="qi-sample-reader"
              />
              {open ? (
                <Button type="primary" danger loading={busy} onClick={close} data-testid="qi-sample-close">
                  {t('qi.sample.close')}
                </Button>
              ) : (
                <Button type="primary" loading={busy} disabled={!reader} onClick={start} data-testid="qi-sample-start">
                  {t('qi.sample.start')}
                </Button>
              )}
            </div>
          ))}
        <Table<SampleEpc>
          size="small"
          rowKey="epc"
          loading={sample.isLoading}
          dataSource={data?.epcs ?? []}
          pagination={{ pageSize: 20, size: 'small', showSizeChanger: false }}
          scroll={{ x: 600 }}
          locale={{
            emptyText:
              !canRead && data && data.inspection.inspectedQty > 0
                ? t('qi.sample.byHand', { count: data.inspection.inspectedQty })
                : t('qi.sample.empty'),
          }}
          data-testid="qi-sample-table"
          columns={[
            {
              title: 'EPC',
              dataIndex: 'epc',
              width: 230,
              render: (v: string) => <span style={{ fontFamily: 'monospace' }}>{v}</span>,
            },
            { title: t('qi.sample.sku'), dataIndex: 'sku', width: 150, render: (v: string) => v || '-' },
            {
              title: t('qi.sample.state'),
              key: 'state',
              width: 110,
              render: (_v, e) =>
                e.foreign ? (
                  <Tag color="error">{t('qi.sample.foreign')}</Tag>
                ) : e.reading ? (
                  <Tag color="processing">{t('qi.sample.reading')}</Tag>
                ) : (
                  <Tag color="success">{t('qi.sample.sampled')}</Tag>
                ),
            },
            { title: t('qi.sample.readerCol'), dataIndex: 'equipment', width: 110 },
            {
              title: t('qi.sample.readAt'),
              dataIndex: 'readAt',
              width: 170,
              render: (v: string, e) => (e.reading ? '-' : new Date(v).toLocaleString()),
            },
          ]}
        />
      </Space>
    </Modal>
  );
}
