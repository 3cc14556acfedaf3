/** Software versions of type 'app' (general/version-app). */
import { VersionPage } from '../_versions/VersionPage';

export default function VersionApp() {
  return <VersionPage type="app" />;
}
