/**
 * warehouse/bill: bill management (the declaration's list, form and buttons) with "Import ASN": a
 * factory's spreadsheet made into an advance shipping notice in transit (./ImportAsn.tsx).
 */
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { useScreen } from '../../../components/ScreenContext';
import { ImportAsn } from './ImportAsn';

const CODE = 'warehouse/bill';
const def = RESOURCES.find((r) => r.code === CODE)!;

export default function BillManagement() {
  const screen = useScreen();
  return (
    <ResourcePage
      def={def}
      extraToolbar={({ reload }) => (screen.actions.includes('importAsn') ? <ImportAsn def={def} onDone={reload} /> : null)}
    />
  );
}
