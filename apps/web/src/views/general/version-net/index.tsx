/** Software versions of type 'net' (general/version-net). */
import { VersionPage } from '../_versions/VersionPage';

export default function VersionNet() {
  return <VersionPage type="net" />;
}
