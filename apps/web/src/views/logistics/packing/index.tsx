/**
 * logistics/packing: the outbound cartons of the warehouse's shipments (the declaration's list:
 * review, audit, cancel a review, reset), each certified by its read at a pack station; a carton's
 * number opens its EPCs by result (matched, short, over, foreign, unknown).
 */
import { CartonListWithEpcs } from '../../warehouse/receiving-check/CartonEpcs';

export default function Packing() {
  return <CartonListWithEpcs code="logistics/packing" />;
}
