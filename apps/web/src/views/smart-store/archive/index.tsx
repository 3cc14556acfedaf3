/**
 * Fitting-room archives (smart-store/archive): each store's fitting area — its cabins, each with
 * the reader bound to it (a cabin without one says so: its tries are not counted), and the store's
 * rules and hours. Saving an archive makes its area and cabins; readers are bound to a cabin on the
 * equipment screen.
 */
import { WarningOutlined } from '@ant-design/icons';
import { fittingArchiveResource } from '@tagloom/domain/resources/smart-store/fitting.ts';
import { Popover, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage';

interface Cabin {
  id: number;
  code: string;
  name: string;
  readers: string[];
}

function Cabins({ cabins }: { cabins: Cabin[] }) {
  const { t } = useTranslation();
  const bare = cabins.filter((c) => !c.readers.length).length;
  return (
    <Popover
      content={
        <div data-testid="fitting-cabins">
          {cabins.map((c) => (
            <div key={c.id} style={{ whiteSpace: 'nowrap' }}>
              <Typography.Text strong>{c.name}</Typography.Text>{' '}
              {c.readers.length ? (
                c.readers.map((r) => (
                  <Tag key={r} bordered={false}>
                    {r}
                  </Tag>
                ))
              ) : (
                <Typography.Text type="warning">{t('fitting.noReader')}</Typography.Text>
              )}
            </div>
          ))}
        </div>
      }
    >
      <Space size={4} style={{ whiteSpace: 'nowrap' }}>
        <span>{t('fitting.cabinsReaders', { cabins: cabins.length, readers: cabins.reduce((n, c) => n + c.readers.length, 0) })}</span>
        {bare > 0 && <WarningOutlined style={{ color: 'var(--ant-color-warning)' }} aria-label={t('fitting.noReader')} />}
      </Space>
    </Popover>
  );
}

export default function FittingArchive() {
  return (
    <ResourcePage
      def={fittingArchiveResource}
      columnOverrides={{
        cabinCount: (_v, row) => <Cabins cabins={Array.isArray(row.cabins) ? (row.cabins as Cabin[]) : []} />,
      }}
    />
  );
}
