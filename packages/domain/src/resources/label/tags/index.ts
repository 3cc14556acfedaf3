import type { AnyResourceDef } from '../../module.js';
import { bindingRecordResource } from './binding-record.js';
import { tagExceptionResource } from './exception.js';
import { epcQueryResource, tidBindingResource } from './tag.js';

export * from './binding-record.js';
export * from './enums.js';
export * from './epcis.js';
export * from './event-hash.js';
export * from './exception.js';
export * from './format.js';
export * from './tag.js';

/** The tags area's declarations served by the generic routes: none (no tag is added or edited by hand). */
export const tagsResources: readonly AnyResourceDef[] = [];
/**
 * The tags area's declarations served by its own routes (apps/server/src/modules/label/tags): the
 * tag registry (TID binding: list, export, bind, unbind, import of EPC/TID pairs), the EPC query
 * over its rows, the binding records and the exceptions (list, export, handle, clear).
 */
export const tagsCustom: readonly AnyResourceDef[] = [tidBindingResource, epcQueryResource, bindingRecordResource, tagExceptionResource];
