/** Software versions of type 'java' (general/version-java). */
import { VersionPage } from '../_versions/VersionPage';

export default function VersionJava() {
  return <VersionPage type="java" />;
}
