import type { AnyResourceDef } from '../../module.js';
import { printTaskResource } from './print-task.js';
import { finishedOrderResource, halfOrderResource, labelOrderResource, receiveSendResource } from './purchase-order.js';
import { sketchResource } from './sketch.js';

export * from './enums.js';
export * from './print-task.js';
export * from './purchase-order.js';
export * from './sketch.js';

/** The label orders area's declarations served by the generic routes (lines come with their order). */
export const ordersResources: readonly AnyResourceDef[] = [labelOrderResource, halfOrderResource, finishedOrderResource];
/**
 * The area's declarations the console draws with views of their own: the receive / send view of the
 * orders (no add), and the sketches and print tasks, which only exist for an order in a given state
 * (the print tasks have routes of their own besides the generic ones). The order lines are written
 * with their order (its `children`): no routes of their own.
 */
export const ordersCustom: readonly AnyResourceDef[] = [receiveSendResource, sketchResource, printTaskResource];
