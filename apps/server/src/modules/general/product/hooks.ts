import { inArray } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { productParams } from '../../../db/schema/index.js';

/** A product's parameters are part of it: they go when it goes. */
export function productHooks(): ResourceHooks {
  return {
    async beforeDelete(tx, rows) {
      await tx.delete(productParams).where(
        inArray(
          productParams.product,
          rows.map((r) => r.id as number),
        ),
      );
    },
  };
}
