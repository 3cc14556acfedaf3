import { storeRetagResource } from '@tagloom/domain';
import type { ModulePart } from '../../../core/module.js';
import { applyOnReads } from './apply.js';
import { storeRetagHooks } from './hooks.js';
import { retagPrintRoutes } from './print.js';
import { seedStoreRetagDemo } from './seed.js';

// a printed re-tag's new label read at its store marks it applied (the fold's changes)
applyOnReads();

/**
 * Re-tagging at the stores (store/supplementary-bid, E8 at store sites): the generic list and form
 * with the re-tag's rules (hooks.ts), Print (print.ts: new EPCs through the label module's re-tag,
 * one ZPL file under a print task), applied by the first read at the store (apply.ts) or by hand.
 */
export const retagPart: ModulePart = {
  hooks: () => ({ [storeRetagResource.code]: storeRetagHooks }),
  routes: [retagPrintRoutes(storeRetagResource)],
  seedDemo: (tx, tenant) => seedStoreRetagDemo(tx, tenant),
};
