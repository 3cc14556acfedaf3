/**
 * logistics/label-reprint: label reprints at the warehouses (E8 at warehouse sites) — the stores'
 * re-tag screen (RetagPage: the list, the form, Print) over the warehouses' rows; the new label
 * read by any reader of the warehouse marks it applied.
 */
import { labelReprintResource } from '@tagloom/domain/resources/logistics/label-reprint.ts';
import { RetagPage } from '../../store/supplementary-bid/RetagPage';

export default function LabelReprint() {
  return <RetagPage def={labelReprintResource} />;
}
