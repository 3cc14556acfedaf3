/** Software versions of type 'web' (general/version-web). */
import { VersionPage } from '../_versions/VersionPage';

export default function VersionWeb() {
  return <VersionPage type="web" />;
}
