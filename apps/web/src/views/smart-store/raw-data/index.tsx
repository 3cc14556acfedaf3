/**
 * Raw data of the fitting rooms (smart-store/raw-data): the cabins' readers' reads, newest first —
 * the reader, its cabin, the EPC, the SKU its tag names and the signal — with the store's rules
 * above them. A store's user sees its own store's cabins.
 */
import { fittingRawFeed } from '@tagloom/domain/resources/smart-store/fitting.ts';
import { FeedPage } from '../../../components/feed/FeedPage';
import { ScreenRulesLine } from '../_reports/RulesLine';

export default function FittingRawData() {
  return (
    <div>
      <ScreenRulesLine screen="smart-store/raw-data" />
      <FeedPage feed={fittingRawFeed} testId="fitting-raw" />
    </div>
  );
}
