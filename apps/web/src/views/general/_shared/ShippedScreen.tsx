/** The generic page of the current screen's resource, with its shipped rows in the user's language (./ShippedPage). */
import { resourceOf } from '../../../components/resource/registry';
import { useScreen } from '../../../components/ScreenContext';
import { ShippedPage } from './ShippedPage';

export default function ShippedScreen() {
  const screen = useScreen();
  const def = resourceOf(screen.code);
  if (!def) throw new Error(`no resource declared for ${screen.code}`);
  return <ShippedPage def={def} />;
}
