/**
 * The demo's last day in the fitting rooms, played once on the first start with demo data (main.ts,
 * after the rfid module's day of traffic): the cabins' readers of the five stores report their
 * garments every few seconds while shoppers try them — about 2.5 sessions a store-hour over the
 * opening hours of the last 24 h — through the one ingestion pipeline and the fold, so the raw
 * reads, the live sessions (closed by the sweep once the server is up) and their join with the till
 * tell the same story as the two seeded weeks before them (seed.ts).
 *
 * The garments are pieces the till sold at the store (its seeded history): within hours after the
 * session — bought — or long after it (tried and left that time). A sold piece's reads older than
 * its sale leave its presence alone (presence.ts: the customer walking out), so trying on moves no
 * stock. A PRNG seeded by the day: the same picture for the same start.
 */
import { randomInt, seededRandom } from '@tagloom/domain/seeded-random.js';
import type { AppContext } from '../../core/context.js';
import { type Batch, playDemoOnce } from '../rfid/ingest/demo.js';
import { soldAt } from '../store/index.js';
import { fittingOf } from './archive.js';
import { sweepFittingSessions } from './live.js';
import { rollupRecent } from './reports/part.js';
import { DEMO_FITTING_STORES, demoFittingStores, fittingReaderCode } from './seed.js';

const META_KEY = 'seeded.fittingReads';
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
/** A cabin's reader reports a garment in it this often. */
const READ_EVERY_MS = 5 * SEC;

/** The sessions of the last day, as batches of their cabins' readers (one a session), in time order. */
export async function fittingDay(ctx: AppContext, tenantId: number, now: number): Promise<Batch[]> {
  const stores = await demoFittingStores(ctx.db, tenantId);
  const rules = await fittingOf(
    ctx.db,
    tenantId,
    [...stores.values()].map((s) => s.id),
  );
  const random = seededRandom(`fitting-day:${Math.floor(now / HOUR)}`);
  const from = now - 24 * HOUR;
  const out: Batch[] = [];
  for (const code of DEMO_FITTING_STORES) {
    const store = stores.get(code);
    if (!store) continue;
    const rule = rules.get(store.id)!;
    const sold = (await soldAt(ctx.db, tenantId, store.id, from, now)).filter((s) => s.epc);
    const used = new Set<string>();
    const busyUntil = new Map<number, number>();
    // each opening hour (10:00–22:00 in the stores' clock, UTC+8) in the last 24 h
    for (let hour = Math.ceil(from / HOUR) * HOUR; hour < now - 10 * MIN; hour += HOUR) {
      const local = new Date(hour + 8 * HOUR).getUTCHours();
      if (local < 10 || local >= 22) continue;
      const count = Math.round(random() * 5 * (local >= 18 ? 1.4 : 1));
      for (let k = 0; k < count; k++) {
        const startedAt = hour + randomInt(random, 0, 55) * MIN + randomInt(random, 0, 59) * SEC;
        const length = randomInt(random, 60, 480) * SEC;
        const endedAt = startedAt + length;
        if (endedAt > now - 2 * MIN) continue;
        const cabin = randomInt(random, 1, 3);
        if ((busyUntil.get(cabin) ?? 0) > startedAt) continue;
        const reads: Batch['reads'] = [];
        const epcs = new Set<string>();
        let last = startedAt;
        for (let p = randomInt(random, 1, 5); p > 0; p--) {
          const buy = random() < 0.25;
          const pool = sold.filter((s) =>
            buy
              ? s.at > endedAt + 5 * MIN && s.at < endedAt + 3 * HOUR && !used.has(s.epc!)
              : s.at > endedAt + rule.conversionWindowH * HOUR + HOUR && !epcs.has(s.epc!),
          );
          if (!pool.length) continue;
          const piece = pool[randomInt(random, 0, pool.length - 1)];
          if (buy) used.add(piece.epc!);
          epcs.add(piece.epc!);
          const tried = random() < 0.82;
          const firstAt = startedAt + randomInt(random, 0, 10) * SEC;
          const dwell = tried
            ? randomInt(random, rule.minDwellS, Math.max(rule.minDwellS, Math.floor(length / SEC) - 10))
            : randomInt(random, 3, rule.minDwellS - 5);
          const lastAt = Math.min(endedAt, firstAt + dwell * SEC);
          for (let at = firstAt; at <= lastAt; at += READ_EVERY_MS)
            reads.push({ epc: piece.epc!, at, antenna: 1, rssi: -4500 - randomInt(random, 0, 1500) });
          last = Math.max(last, lastAt);
        }
        if (!reads.length) continue;
        busyUntil.set(cabin, last + rule.mergeGapS * SEC);
        reads.sort((a, b) => a.at - b.at || a.epc.localeCompare(b.epc));
        out.push({ reader: fittingReaderCode(code, cabin), reads });
      }
    }
  }
  return out.sort((a, b) => a.reads[0].at - b.reads[0].at);
}

/**
 * Plays the last day in the fitting rooms once (the first start with demo data), closes what fell
 * due and rolls the days up for the reports; null when done before.
 */
export async function seedFittingReads(ctx: AppContext, now = Date.now()) {
  const played = await playDemoOnce(ctx, META_KEY, now, (tenantId) => fittingDay(ctx, tenantId, now));
  if (played) {
    await sweepFittingSessions(ctx, now);
    await rollupRecent(ctx.db, new Date(now));
  }
  return played;
}
