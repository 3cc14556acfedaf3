/**
 * Original reported data (rfid/raw-data): the feed's screen (history, keyset paged, filtered by
 * reader/EPC/time) and a Live mode — reads of a chosen reader (or all) at the top as their batches
 * commit, pushed by the server (GET /api/rfid/live), with the read rate, pause/resume and a cap on
 * the rows kept in memory.
 */
import { rfidRawDataFeed } from '@tagloom/domain/feed/rfid.ts';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedPage } from '../../../components/feed/FeedPage';
import { LiveReads } from './LiveReads';
import './live.css';

export default function RawData() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'history' | 'live'>('history');
  return (
    <div className="ops-page">
      <Segmented
        className="live-mode"
        value={mode}
        onChange={(v) => setMode(v as 'history' | 'live')}
        options={[
          { value: 'history', label: t('rfidLive.history') },
          { value: 'live', label: <span data-testid="raw-live-tab">{t('rfidLive.live')}</span> },
        ]}
        data-testid="raw-mode"
      />
      {mode === 'history' ? <FeedPage feed={rfidRawDataFeed} testId="raw" /> : <LiveReads />}
    </div>
  );
}
