/** label/binding-record: every bind and unbind of an EPC to a TID, read-only (list, search, export). */
import { CUSTOM_RESOURCES } from '@tagloom/domain/resources/index.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage';

const def = CUSTOM_RESOURCES.find((r) => r.code === 'label/binding-record')!;

export default function BindingRecords() {
  return <ResourcePage def={def} />;
}
