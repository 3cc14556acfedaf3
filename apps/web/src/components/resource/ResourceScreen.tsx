/** A menu screen without a hand-made view whose code names a declared resource: the generic page. */
import { useScreen } from '../ScreenContext';
import { ResourcePage } from './ResourcePage';
import { resourceOf } from './registry';

export default function ResourceScreen() {
  const screen = useScreen();
  const def = resourceOf(screen.code);
  if (!def) throw new Error(`no resource declared for ${screen.code}`);
  return <ResourcePage def={def} />;
}
