/**
 * logistics/ecom-delivery: a warehouse's online orders (the declaration's list: accept, ship,
 * deliver, reject, cancel). An order is packed by its read at the e-commerce area's tunnel: while
 * the page shows orders waiting for that read (accepted, picking), the list asks again every few
 * seconds, so the desk sees the pack check's result (matched, or short and over) as the read ends.
 */
import { ecomDeliveryResource, ORDER_STATUS } from '@tagloom/domain/resources/logistics/customer-order.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { whileIn } from './reading';

const reading = whileIn([ORDER_STATUS.ACCEPTED, ORDER_STATUS.PICKING]);

export default function EcomDelivery() {
  return <ResourcePage def={ecomDeliveryResource} refreshEvery={reading} />;
}
