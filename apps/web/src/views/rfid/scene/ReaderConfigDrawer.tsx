/**
 * The configuration a scene (or a bound reader) maps to, as the reader accepts it: the Impinj R700
 * IoT interface's inventory preset and the Zebra IoT Connector's operating mode, one tab each, with
 * where to send it, and copy / download buttons. Shared by the scene and equipment screens.
 */
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Grid, Space, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { downloadBlob, fetchData } from '../../../app/request';
import './readers.css';

export interface ReaderConfigTarget {
  /** 'scene': a scene's id; 'equipment': a bound reader's id */
  kind: 'scene' | 'equipment';
  id: number;
  /** how the drawer names it */
  name: string;
}

interface ReaderConfigData {
  vendor: string;
  method: string;
  path: string;
  body: Record<string, unknown>;
  scene: string;
  product: string | null;
}

const VENDORS = ['impinj', 'zebra'] as const;

/** Puts text on the clipboard (the browser's API, else a hidden textarea). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

const download = (name: string, text: string) => downloadBlob(new Blob([text], { type: 'application/json' }), name);

function VendorConfig({ target, vendor }: { target: ReaderConfigTarget; vendor: string }) {
  const { t } = useTranslation();
  const message = useMessage();
  const q = useQuery({
    queryKey: ['rfid', 'reader-config', target.kind, target.id, vendor],
    queryFn: () => fetchData<ReaderConfigData>(`/rfid/${target.kind}/reader-config?id=${target.id}&vendor=${vendor}`),
    retry: false,
  });
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Alert type="warning" showIcon message={(q.error as Error | null)?.message ?? ''} />;
  const json = JSON.stringify(q.data.body, null, 2);
  const file = `${target.name.replace(/[^\w.-]+/g, '_') || 'reader'}-${vendor}.json`;
  return (
    <div className="readers-config" data-testid={`reader-config-${vendor}`}>
      <Typography.Paragraph className="readers-config-where">
        {t('readers.configWhere')} <code data-testid="reader-config-path">{`${q.data.method} ${q.data.path}`}</code>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" className="readers-config-from">
        {t('readers.configFrom', { scene: q.data.scene, product: q.data.product ?? t('readers.defaultModel') })}
      </Typography.Paragraph>
      <Space className="readers-config-buttons">
        <Button
          icon={<CopyOutlined />}
          onClick={async () => {
            await copyText(json);
            message.success(t('readers.copied'));
          }}
          data-testid="reader-config-copy"
        >
          {t('readers.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => download(file, json)} data-testid="reader-config-download">
          {t('readers.download')}
        </Button>
      </Space>
      <pre className="readers-json" data-testid="reader-config-json">
        {json}
      </pre>
    </div>
  );
}

export function ReaderConfigDrawer({ target, onClose }: { target?: ReaderConfigTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [vendor, setVendor] = useState<string>('impinj');
  return (
    <Drawer
      open={!!target}
      onClose={onClose}
      size={screens.md ? 640 : '100%'}
      title={target ? t('readers.configTitle', { name: target.name }) : ''}
      destroyOnHidden
      data-testid="reader-config-drawer"
    >
      {target && (
        <Tabs
          activeKey={vendor}
          onChange={setVendor}
          items={VENDORS.map((v) => ({ key: v, label: t(`readers.vendor.${v}`), children: <VendorConfig target={target} vendor={v} /> }))}
        />
      )}
    </Drawer>
  );
}
