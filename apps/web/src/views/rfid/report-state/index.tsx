/** Reported data state (rfid/report-state): one row a payload a reader posted, and what became of it; the feed's generic screen. */
import { rfidReportStateFeed } from '@tagloom/domain/feed/rfid.ts';
import { FeedPage } from '../../../components/feed/FeedPage';

export default function ReportState() {
  return <FeedPage feed={rfidReportStateFeed} testId="report-state" />;
}
