/**
 * label/lifecycle: enter an EPC, see its life as a timeline — every EPCIS event of the tag and of
 * its label order in time order (event type, business step, disposition, the parent carton's SSCC,
 * where, who, order), with the tag's
 * status and its EPCIS 2.0 document to download (the server sends the document itself, as a file);
 * the tenant's events as a feed on the other tab.
 */
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { tagEventFeed } from '@tagloom/domain/feed/tag-events.ts';
import type { TagEvent } from '@tagloom/domain/resources/label/tags/epcis.ts';
import { EPC_HEX, normalizeHex } from '@tagloom/domain/resources/label/tags/format.ts';
import { Alert, Button, Card, Empty, Input, Space, Tabs, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMessage } from '../../../app/bridge';
import { fetchData, request } from '../../../app/request';
import { FeedPage } from '../../../components/feed/FeedPage';
import { EnumValue } from '../../../components/resource/field-render';
import '../epc-query/tags.css';

interface History {
  epc: string;
  tag: Record<string, unknown> | null;
  withdrawn: boolean;
  order: { id: number; code: string } | null;
  events: TagEvent[];
}

const COLOURS: Record<string, string> = {
  commissioning: 'blue',
  encoding: 'cyan',
  shipping: 'geekblue',
  receiving: 'green',
  packing: 'purple',
  unpacking: 'purple',
  retail_selling: 'gold',
  decommissioning: 'gray',
};

function EpcTimeline() {
  const { t } = useTranslation();
  const message = useMessage();
  const [history, setHistory] = useState<History>();
  const [loading, setLoading] = useState(false);
  // opened from the EPC query with ?epc=: that EPC's timeline at once
  const [params] = useSearchParams();
  const [value, setValue] = useState(() => params.get('epc') ?? '');

  const search = async (raw: string) => {
    const epc = normalizeHex(raw);
    if (!epc) return;
    if (!EPC_HEX.test(epc)) {
      message.error(t('tags.epcShape'));
      return;
    }
    setLoading(true);
    try {
      setHistory(await fetchData<History>('/label/lifecycle/events', { params: { epc } }));
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
  };
  // once, for the EPC the page was opened with
  useEffect(() => {
    if (value) void search(value);
  }, []);
  // the EPCIS document as the server serves it (application/ld+json), saved as the file it names
  const download = async () => {
    if (!history) return;
    try {
      await request('/label/lifecycle/epcis', { params: { epc: history.epc, download: 1 } });
    } catch {
      // shown by the request layer
    }
  };

  return (
    <Card className="page-card tags-card" size="small">
      <Input.Search
        placeholder={t('tags.lifecyclePlaceholder')}
        enterButton={
          <Space size={4}>
            <SearchOutlined />
            {t('tags.query')}
          </Space>
        }
        allowClear
        loading={loading}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onSearch={(v) => void search(v)}
        className="tags-search"
        maxLength={80}
        data-testid="lifecycle-input"
      />
      {!history && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tags.lifecycleHint')} />}
      {history && (
        <>
          <Space wrap size={[16, 8]} data-testid="lifecycle-summary">
            <span className="tags-mono">{history.epc}</span>
            {history.tag ? (
              <EnumValue enumName="TagStatus" value={history.tag.status} testId="lifecycle-status" />
            ) : history.withdrawn ? (
              <Tag>{t('tags.withdrawn')}</Tag>
            ) : (
              <Tag color="error">{t('tags.unknownTag')}</Tag>
            )}
            {history.order && (
              <Typography.Text>
                {t('tags.order')}: <span className="tags-mono">{history.order.code}</span>
              </Typography.Text>
            )}
            {!!history.events.length && (
              <Button size="small" icon={<DownloadOutlined />} onClick={() => void download()} data-testid="lifecycle-epcis">
                {t('tags.epcisDocument')}
              </Button>
            )}
          </Space>
          {!history.events.length ? (
            <Alert type="info" showIcon message={t('tags.noEvents')} />
          ) : (
            <Timeline
              className="tags-timeline"
              data-testid="lifecycle-timeline"
              items={history.events.map((e) => ({
                color: COLOURS[e.bizStep] ?? 'blue',
                children: (
                  <div data-testid="lifecycle-event" data-step={e.bizStep} data-type={e.eventType ?? 'ObjectEvent'}>
                    <div className="tags-event-title">
                      <Typography.Text strong>{t(`tags.bizStep.${e.bizStep}`, { defaultValue: e.bizStep })}</Typography.Text>
                      <Tag title={t('tags.event.eventType')}>
                        {t(`tags.eventType.${e.eventType ?? 'ObjectEvent'}`, { defaultValue: e.eventType ?? 'ObjectEvent' })}
                      </Tag>
                      <Tag>{t(`tags.action.${e.action}`, { defaultValue: e.action })}</Tag>
                      {e.disposition && (
                        <Tag color="processing">{t(`tags.disposition.${e.disposition}`, { defaultValue: e.disposition })}</Tag>
                      )}
                    </div>
                    <div className="tags-event-meta">
                      <span>
                        {dayjs(e.eventTime).format('YYYY-MM-DD HH:mm:ss')} ({t('tags.zone')} {e.eventTimeZoneOffset})
                      </span>
                      {e.orderCode && (
                        <span>
                          {t('tags.order')}: {e.orderCode}
                        </span>
                      )}
                      {e.epcs.length === 0 && !e.parentId && <span>{t('tags.orderEvent', { count: e.epcCount })}</span>}
                      {e.parentId && (
                        <span data-testid="lifecycle-parent">
                          {t('tags.event.parentId')}: <span className="tags-mono">{e.parentId}</span>
                        </span>
                      )}
                      {e.location ? (
                        <span title={[e.bizLocation, e.readPoint].filter(Boolean).join(' / ')}>
                          {t('tags.where')}: {e.location.code} {e.location.name}
                        </span>
                      ) : (
                        (e.bizLocation || e.readPoint) && (
                          <span>
                            {t('tags.where')}: {[e.bizLocation, e.readPoint].filter(Boolean).join(' / ')}
                          </span>
                        )
                      )}
                      {(e.username || e.source) && (
                        <span>
                          {t('tags.who')}: {e.username || e.source}
                        </span>
                      )}
                    </div>
                  </div>
                ),
              }))}
            />
          )}
        </>
      )}
    </Card>
  );
}

export default function Lifecycle() {
  const { t } = useTranslation();
  return (
    <Tabs
      className="tags-page"
      items={[
        { key: 'epc', label: t('tags.tabEpc'), children: <EpcTimeline /> },
        { key: 'all', label: t('tags.tabAll'), children: <FeedPage feed={tagEventFeed} testId="lifecycle-feed" /> },
      ]}
    />
  );
}
