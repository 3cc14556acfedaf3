/** The EPCs one pad session read (its drawer on pad review): first and last read, reads, best RSSI. */
import { useQuery } from '@tanstack/react-query';
import { Drawer, Grid, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';

interface SessionEpc {
  epc: string;
  firstAt: string;
  lastAt: string;
  reads: number;
  maxRssiCdbm: number | null;
}

/** At most this many EPCs in the drawer (a session may hold 50,000; the export of the subject shows them all). */
const SHOWN = 2000;

export function SessionEpcs({ session, onClose }: { session: { id: number; code: string } | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const epcs = useQuery({
    queryKey: ['warehouse/pad-review', 'epcs', session?.id],
    queryFn: () =>
      fetchData<{ epcs: SessionEpc[]; more: boolean }>('/warehouse/pad-review/epcs', { params: { id: session?.id, limit: SHOWN } }),
    enabled: !!session,
  });
  const time = (v: string) => new Date(v).toLocaleString();
  return (
    <Drawer
      open={!!session}
      onClose={onClose}
      title={t('pad.epcTitle', { code: session?.code ?? '' })}
      size={screens.md ? 720 : '100%'}
      destroyOnHidden
      data-testid="pad-epcs"
    >
      <Table
        size="small"
        rowKey="epc"
        loading={epcs.isLoading}
        dataSource={epcs.data?.epcs ?? []}
        pagination={{ pageSize: 50, size: 'small', showSizeChanger: false }}
        scroll={{ x: 640 }}
        columns={[
          { title: 'EPC', dataIndex: 'epc', width: 230, render: (v: string) => <span style={{ fontFamily: 'monospace' }}>{v}</span> },
          { title: t('pad.firstAt'), dataIndex: 'firstAt', width: 170, render: time },
          { title: t('pad.lastAt'), dataIndex: 'lastAt', width: 170, render: time },
          { title: t('pad.reads'), dataIndex: 'reads', width: 80 },
          {
            title: t('pad.rssi'),
            dataIndex: 'maxRssiCdbm',
            width: 120,
            render: (v: number | null) => (v === null ? '-' : (v / 100).toFixed(1)),
          },
        ]}
      />
      {epcs.data?.more && <Typography.Text type="secondary">{t('pad.more', { n: SHOWN })}</Typography.Text>}
    </Drawer>
  );
}
