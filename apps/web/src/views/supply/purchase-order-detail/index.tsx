/**
 * supply/purchase-order-detail: the commodity purchase orders' lines on their own, read-only
 * (query, export), searched by order code or style number. Its declaration is served by the supply
 * module's own routes (CUSTOM_RESOURCES), so the generic page is given it here.
 */
import { CUSTOM_RESOURCES } from '@tagloom/domain/resources/index.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage';

const def = CUSTOM_RESOURCES.find((r) => r.code === 'supply/purchase-order-detail')!;

export default function PurchaseOrderDetail() {
  return <ResourcePage def={def} />;
}
