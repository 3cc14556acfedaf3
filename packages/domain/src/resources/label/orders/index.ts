import type { AnyResourceDef } from '../../module.js';
import { printTaskResource } from './print-task.js';
import {
  finishedOrderResource,
  halfOrderResource,
  labelOrderLineResource,
  labelOrderResource,
  receiveSendResource,
} from './purchase-order.js';
import { sketchResource } from './sketch.js';

export * from './enums.js';
export * from './print-task.js';
export * from './purchase-order.js';
export * from './sketch.js';

/** The label orders area's declarations served by the generic routes (lines come with their order). */
export const ordersResources: readonly AnyResourceDef[] = [labelOrderResource, halfOrderResource, finishedOrderResource];
/**
 * Declarations the area serves with its own routes (the generic ones, registered by the module, with
 * no Add from a bare row): order lines (written with their order), the receive / send view of the
 * orders (no add), and the sketches and print tasks, which only exist for an order in a given state.
 */
export const ordersCustom: readonly AnyResourceDef[] = [labelOrderLineResource, receiveSendResource, sketchResource, printTaskResource];
