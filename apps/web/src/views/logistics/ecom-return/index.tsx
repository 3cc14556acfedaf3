/**
 * logistics/ecom-return: returns coming back to a warehouse (the declaration's list: receive,
 * inspect, refuse). A return's pieces are read at the return bench: while the page shows returns
 * waiting for that read (new), the list asks again every few seconds, so the desk sees what came
 * back (and what was not on the order) as the read ends.
 */
import { ecomReturnResource, ORDER_STATUS } from '@tagloom/domain/resources/logistics/customer-order.ts';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { whileIn } from '../ecom-delivery/reading';

const reading = whileIn([ORDER_STATUS.NEW]);

export default function EcomReturn() {
  return <ResourcePage def={ecomReturnResource} refreshEvery={reading} />;
}
