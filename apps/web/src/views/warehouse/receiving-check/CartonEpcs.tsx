/** A carton's EPCs in a drawer (receiving check, packing): each with its result and SKU, filtered by result; the carton number's link that opens it. */
import { ENUMS } from '@tagloom/domain/enums.ts';
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Grid, Segmented, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';
import { EnumValue } from '../../../components/resource/field-render';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import type { ResourcePageExtensions } from '../../../components/resource/types';
import { normalizeLang } from '../../../domain';
import { RESULT_COLOUR } from './LivePanel';
import { type CartonLive, CODE } from './live';

/** The results an EPC may have (the server's names) and their EpcClass values. */
const RESULTS = { matched: 1, missing: 2, over: 3, foreign: 4, unknown: 5, pending: 0 } as const;
type ResultName = keyof typeof RESULTS;

interface CartonEpc {
  epc: string;
  result: ResultName;
  source: number;
  skuBarcode: string | null;
  goodsName: string | null;
  colour: string | null;
  size: string | null;
}

export function CartonEpcs({
  carton,
  onClose,
  screen = CODE,
}: {
  carton: { id: number; cartonNo: string } | undefined;
  onClose: () => void;
  /** the carton list it opens from (its scope serves the EPCs): the receiving check, packing */
  screen?: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const screens = Grid.useBreakpoint();
  const [result, setResult] = useState<ResultName | 'all'>('all');
  const epcs = useQuery({
    queryKey: ['resource', screen, 'epcs', carton?.id, result],
    queryFn: () =>
      fetchData<{ carton: CartonLive; epcs: CartonEpc[]; counts: Partial<Record<ResultName, number>>; more: boolean }>(`/${screen}/epcs`, {
        params: { id: carton?.id, ...(result === 'all' ? {} : { result }) },
      }),
    enabled: !!carton,
    placeholderData: (prev) => prev,
  });
  const counts = epcs.data?.counts ?? {};
  const total = Object.values(counts).reduce((a, b) => a + (b ?? 0), 0);
  const label = (r: ResultName) => ENUMS.EpcClass?.find((o) => o.value === RESULTS[r])?.label[lang] ?? r;
  const c = epcs.data?.carton;
  return (
    <Drawer
      open={!!carton}
      onClose={() => {
        setResult('all');
        onClose();
      }}
      title={t('carton.live.epcTitle', { code: carton?.cartonNo ?? '' })}
      size={screens.md ? 760 : '100%'}
      destroyOnHidden
      data-testid="rcv-epcs"
    >
      {c && (
        <Space size={8} wrap style={{ marginBottom: 12 }}>
          <span className="rcv-result" style={{ background: RESULT_COLOUR[c.result] ?? RESULT_COLOUR[0] }}>
            <EnumValue enumName="CartonResult" value={c.result} />
          </span>
          <EnumValue enumName="CartonStatus" value={c.status} />
          <Typography.Text type="secondary">{c.billCode}</Typography.Text>
        </Space>
      )}
      <div style={{ overflowX: 'auto', marginBottom: 12 }}>
        <Segmented
          value={result}
          onChange={(v) => setResult(v as ResultName | 'all')}
          data-testid="rcv-epcs-filter"
          options={[
            { value: 'all', label: `${t('carton.live.all')} ${total}` },
            ...(Object.keys(RESULTS) as ResultName[])
              .filter((r) => counts[r] || r === result)
              .map((r) => ({ value: r, label: `${label(r)} ${counts[r] ?? 0}` })),
          ]}
        />
      </div>
      <Table
        size="small"
        rowKey="epc"
        loading={epcs.isLoading || epcs.isPlaceholderData}
        dataSource={epcs.data?.epcs ?? []}
        locale={{ emptyText: t('carton.live.noEpcs') }}
        pagination={{ pageSize: 50, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 620 }}
        data-testid="rcv-epcs-table"
        columns={[
          { title: 'EPC', dataIndex: 'epc', width: 230, render: (v: string) => <span style={{ fontFamily: 'monospace' }}>{v}</span> },
          {
            title: t('carton.live.result'),
            dataIndex: 'result',
            width: 100,
            render: (v: ResultName) => <EnumValue enumName="EpcClass" value={RESULTS[v]} testId="rcv-epc-result" />,
          },
          { title: t('carton.live.sku'), dataIndex: 'skuBarcode', width: 140, render: (v: string | null) => v ?? '-' },
          { title: t('carton.live.goods'), dataIndex: 'goodsName', ellipsis: true, render: (v: string | null) => v ?? '-' },
          {
            title: t('carton.live.colourSize'),
            width: 110,
            render: (_: unknown, r: CartonEpc) => (r.colour || r.size ? `${r.colour ?? ''} / ${r.size ?? ''}` : '-'),
          },
        ]}
      />
      {epcs.data?.more && <Typography.Text type="secondary">{t('carton.live.more', { n: 5000 })}</Typography.Text>}
    </Drawer>
  );
}

/**
 * A carton list's carton-number cell as a link opening its EPCs (not one more row button: the row's
 * buttons keep their room), in the generic code cell's look (one line, cut by its cell).
 */
export function CartonNoLink({ value, id, onOpen }: { value: unknown; id: number; onOpen: (c: { id: number; cartonNo: string }) => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('carton.live.epcs')}>
      <a
        href={`#carton-${id}`}
        className="resource-token resource-mono"
        onClick={(e) => {
          e.preventDefault();
          onOpen({ id, cartonNo: String(value) });
        }}
        data-testid="rcv-epcs-open"
      >
        {String(value)}
      </a>
    </Tooltip>
  );
}

/** A carton list of a declaration (packing, scattered review) whose carton numbers open their EPCs. */
export function CartonListWithEpcs({
  code,
  columnOverrides,
}: {
  code: string;
  /** a screen's own cells beside the carton number's link (spot check: its result with its counts) */
  columnOverrides?: ResourcePageExtensions['columnOverrides'];
}) {
  const def = RESOURCES.find((r) => r.code === code)!;
  const [shown, setShown] = useState<{ id: number; cartonNo: string }>();
  return (
    <>
      <ResourcePage
        def={def}
        columnOverrides={{
          ...columnOverrides,
          cartonNo: (value, row) => <CartonNoLink value={value} id={Number(row.id)} onOpen={setShown} />,
        }}
      />
      <CartonEpcs screen={code} carton={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
