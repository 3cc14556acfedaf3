/**
 * The goods of the EPCs a live stream pushes (SKU, style, colour, size), asked of the tag area
 * (label/tags/whereabouts.ts) once per message for the EPCs the stream has not met yet, and kept for
 * the stream's life: a reader reads the same tags over and over, so after the first messages a
 * message costs no statement at all (PGlite serves one statement at a time).
 */
import type { LiveRead } from '../../../core/live.js';
import type { Tx } from '../../../db/client.js';
import { type EpcGoods, goodsOfEpcs } from '../../label/tags/whereabouts.js';

/** EPCs a stream keeps the goods of (then it starts again: a stream of a busy tunnel reader meets many). */
export const GOODS_CACHE_MAX = 20_000;

/** A pushed read with its goods (null: neither a registry tag nor a GTIN of the tenant's SKUs). */
export type LiveReadWithGoods = LiveRead & { goods: EpcGoods | null };

export class GoodsCache {
  private known = new Map<string, EpcGoods | null>();
  constructor(
    private readonly db: Tx,
    private readonly tenantId: number,
  ) {}

  /** The reads with their goods: one statement for the EPCs not met before, none when all were. */
  async of(reads: readonly LiveRead[]): Promise<LiveReadWithGoods[]> {
    const missing = [...new Set(reads.map((r) => r.epc).filter((epc) => !this.known.has(epc)))];
    if (missing.length) {
      const found = await goodsOfEpcs(this.db, this.tenantId, missing);
      if (this.known.size + missing.length > GOODS_CACHE_MAX) this.known.clear();
      for (const epc of missing) this.known.set(epc, found.get(epc) ?? null);
    }
    return reads.map((r) => ({ ...r, goods: this.known.get(r.epc) ?? null }));
  }
}
