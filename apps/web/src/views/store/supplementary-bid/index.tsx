/** store/supplementary-bid: re-tagging at a store (E8), the re-tag screen (RetagPage) over store sites. */
import { storeRetagResource } from '@tagloom/domain/resources/store/supplementary-bid.ts';
import { RetagPage } from './RetagPage';

export default function SupplementaryBid() {
  return <RetagPage def={storeRetagResource} />;
}
