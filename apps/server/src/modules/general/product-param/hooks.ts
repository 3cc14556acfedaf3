import { productParamResource } from '@tagloom/domain';
import { and, eq, ne } from 'drizzle-orm';
import { conflict, fieldRefusal } from '../../../core/errors.js';
import type { ResourceHooks } from '../../../core/resource/service.js';
import type { Tx } from '../../../db/client.js';
import { productParams, products } from '../../../db/schema/index.js';

/** (product, code) pairs written earlier in the same transaction: an import checks its own rows too. */
const written = new WeakMap<Tx, Set<string>>();

/** The product must exist, and its attribute codes must differ (a unique index backs this up). */
export function productParamHooks(): ResourceHooks {
  return {
    async beforeWrite(tx, data, { session, existing }) {
      const productId = Number(data.product);
      const [product] = await tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, productId));
      if (!product)
        throw fieldRefusal(
          { key: 'product', label: productParamResource.labels.product },
          'productParam.productMissing',
          { id: productId },
          session.lang,
        );
      const code = String(data.code);
      const key = `${productId}\u0000${code}`;
      const seen = written.get(tx) ?? new Set<string>();
      written.set(tx, seen);
      const [clash] = await tx
        .select({ id: productParams.id })
        .from(productParams)
        .where(
          and(
            eq(productParams.product, productId),
            eq(productParams.code, code),
            existing ? ne(productParams.id, existing.id as number) : undefined,
          ),
        )
        .limit(1);
      if (clash || seen.has(key)) throw conflict('productParam.codeTaken', { product: product.name, code });
      seen.add(key);
    },
  };
}
