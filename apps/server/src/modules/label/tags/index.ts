import { epcQueryResource, tagExceptionResource, tidBindingResource } from '@tagloom/domain';
import type { ModulePart } from '../../../core/module.js';
import { exceptionActionRoutes } from './exception-actions.js';
import { tagsHooks, tagsRoutes } from './routes.js';
import { seedTagsDemo } from './seed.js';
import { labelTags } from './tables.js';

/**
 * The tags area of the label module (combined in ../index.ts): the tag registry, TID binding,
 * binding records, exceptions, EPC query, clear tag status and the lifecycle (EPCIS events). Its
 * declarations are read-only on the generic routes, its actions are its own routes (routes.ts); the writers other areas call are
 * in store.ts (insertTags, deleteOrderTags, recordTagEvent); the readers (an EPC's registry facts and
 * lifecycle events, for the RFID lookup) in service.ts.
 */
export const tagsPart: ModulePart = {
  // the registry's hand-written table (see tables.ts), under both screens over its rows
  tables: { [tidBindingResource.code]: labelTags, [epcQueryResource.code]: labelTags },
  hooks: tagsHooks,
  routes: [tagsRoutes, exceptionActionRoutes(tagExceptionResource.code)],
  seedDemo: seedTagsDemo,
};
export { type ExceptionAt, type ExceptionMove, exceptionActionRoutes, exceptionHooks } from './exception-actions.js';
export {
  type ExceptionPlace,
  epcEvents,
  epcEventsSelect,
  epcFactsSelect,
  epcReached,
  type FactsRow,
  factsOf,
  type Reach,
  recordException,
  registryOf,
  releaseTags,
  someTags,
} from './service.js';
export {
  deleteOrderTags,
  deleteUnhappenedEvents,
  EVENT_EPCS_MAX,
  insertTags,
  type NewTag,
  type Place,
  partnerParties,
  placeOf,
  recordTagEvent,
  recordTagEventChunkRows,
  recordTagEventChunks,
  type SourceDest,
  setTagStatus,
  siteParties,
  type TagEventInput,
} from './store.js';
