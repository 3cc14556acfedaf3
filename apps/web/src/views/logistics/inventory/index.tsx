/** logistics/inventory: the warehouses' counts — the store counts' screen over warehouse sites. */
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { CountsTab } from '../../store/inventory/CountsTab';

const def = RESOURCES.find((r) => r.code === 'logistics/inventory')!;

export default function LogisticsInventory() {
  return <CountsTab def={def} />;
}
