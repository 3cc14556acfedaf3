/**
 * Fitting-room data (smart-store/data): the cabins' sessions as their readers make them — one
 * opens at a cabin's first garment and ends its merge gap after the last one leaves — with their
 * garments in the drawer (dwell, tried, bought at the till or another size instead). The list asks
 * again every few seconds while a session is in a cabin, so a session shows closed within seconds
 * of its shopper leaving. The store's rules above the list.
 */
import { FITTING_SESSION_STATUS, fittingSessionResource } from '@tagloom/domain/resources/smart-store/fitting.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { whileIn } from '../../logistics/ecom-delivery/reading';
import { duration, ScreenRulesLine } from '../_reports/RulesLine';

const inCabin = whileIn([FITTING_SESSION_STATUS.OPEN]);

export default function FittingData() {
  return (
    <div>
      <ScreenRulesLine screen="smart-store/data" />
      <ResourcePage
        def={fittingSessionResource}
        refreshEvery={inCabin}
        columnOverrides={{ dwellS: (v) => duration(v) }}
      />
    </div>
  );
}
