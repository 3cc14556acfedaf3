/**
 * logistics/scattered: the loose lots of the warehouse's shipments (their pieces without a carton,
 * read together at a pack station; the declaration's list: review); a lot's number opens its EPCs by result.
 */
import { CartonListWithEpcs } from '../../warehouse/receiving-check/CartonEpcs';

export default function Scattered() {
  return <CartonListWithEpcs code="logistics/scattered" />;
}
