/**
 * supply/submission-detail: what the factories submitted, carton line by carton line, read-only
 * (query, export), searched by carton number or order code. Its declaration is served by the supply
 * module's own routes (CUSTOM_RESOURCES), so the generic page is given it here.
 */
import { CUSTOM_RESOURCES } from '@tagloom/domain/resources/index.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage';

const def = CUSTOM_RESOURCES.find((r) => r.code === 'supply/submission-detail')!;

export default function SubmissionDetail() {
  return <ResourcePage def={def} />;
}
