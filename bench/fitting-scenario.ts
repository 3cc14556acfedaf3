// The simulator's fitting scenario (`npm run simulate -w bench -- --scenario fitting`): an hour in a
// store's fitting rooms (default ST001), played against a running server through the product's own
// APIs, signed in as --admin (default demo:demo123):
//  1. the store's fitting-room archive gives its cabins and their readers (their device tokens
//     rotated) and its rules (minimum dwell, merge gap);
//  2. shoppers (--shoppers, default 6) each take two to five garments present at the store into a
//     free cabin and stay one to eight minutes: the cabin's reader reports them every few seconds
//     (the shopper's minutes are sent as one batch stamped over the last minutes, ending now); one
//     garment in five is only carried past the cabin (a read or two: not tried);
//  3. some buy at the till (POST /api/store/pos/transactions with the POS's device key): a garment
//     they tried, or now and then another size of its style instead (a size swap);
//  4. the sessions close by themselves once no garment kept their cabin present for the merge gap
//     (the server's sweep); the scenario waits for that state and prints each session as
//     smart-store/data shows it — garments, tried, bought, swapped — beside what it played.
import { FITTING_SESSION_STATUS } from '@tagloom/domain/resources/smart-store/fitting.js';
import { api, ingestOf, must, payload, type ReaderFormat, type SimRead, signedInApi } from './sim-lib.js';

export interface FittingOptions {
  url: string;
  username: string;
  password: string;
  /** the store (default ST001): it needs a fitting-room archive with cabin readers (the demo's five do) */
  store?: string;
  /** shoppers to play (default 6) */
  shoppers?: number;
  format: ReaderFormat;
  /** a PRNG seed (default: the time), for a run to repeat */
  seed?: number;
  /** a line of output (default console.log) */
  log?: (line: string) => void;
}

export interface FittingPlayed {
  cabin: string;
  /** the first read (epoch ms): the session's start */
  startedAt: number;
  garments: number;
  /** garments kept at least the minimum dwell */
  tried: number;
  /** tried garments sold at the till after the session */
  bought: number;
  /**
   * tried garments another size of whose style was sold instead (the server may count more: a sale
   * of the style by another shopper in the window is, to the till, a swap as well)
   */
  swapped: number;
}

export interface FittingRun {
  played: FittingPlayed[];
  /** the sessions as the server made them, in the order played */
  sessions: { code: string; cabin: string; items: number; tried: number; bought: number; swapped: number; status: number }[];
}

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;
interface Piece {
  epc: string;
  skuId: number;
  styleId: number;
}

const SEC = 1000;
/** ISO time with an offset, as a POS reports it. */
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** mulberry32: the scenario's choices, repeatable with --seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function runFittingScenario(o: FittingOptions): Promise<FittingRun> {
  const log = o.log ?? ((line: string) => console.log(line));
  const random = prng(o.seed ?? Date.now());
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const { call, list, waitFor } = await signedInApi(o);

  const storeCode = o.store ?? 'ST001';
  const store = (await list('tenant/store', { code: storeCode })).find((s) => s.code === storeCode);
  if (!store) throw new Error(`no store ${storeCode} in the tenant`);
  const [archive] = await list('smart-store/archive', { storeId: store.id });
  if (!archive)
    throw new Error(`${storeCode} has no fitting-room archive: make one on smart-store/archive and bind a reader to each cabin`);
  const rotate = async (code: string) => {
    const row = (await list('rfid/equipment', { equipmentCoding: code })).find((e) => e.equipmentCoding === code);
    if (!row) throw new Error(`no reader ${code}`);
    return (await call<{ deviceToken: string }>(`${code}'s token`, 'POST', '/rfid/equipment/rotate-token', { id: row.id })).deviceToken;
  };
  const cabins: { id: number; name: string; reader: string; token: string; busyUntil: number }[] = [];
  for (const c of archive.cabins as Row[])
    if (c.readers.length) cabins.push({ id: c.id, name: c.name, reader: c.readers[0], token: await rotate(c.readers[0]), busyUntil: 0 });
  if (!cabins.length) throw new Error(`${storeCode}'s cabins have no reader: bind one to each on the equipment screen`);
  log(
    `${storeCode}: ${cabins.length} cabins (${cabins.map((c) => c.reader).join(', ')}), tokens rotated; rules: try-on ≥ ${archive.minDwellS} s, ends ${archive.mergeGapS} s after the last read`,
  );

  // the till: the store's POS reader
  const posRow = (await list('rfid/equipment', { locationId: store.id })).find((e) => /^POS-/.test(e.equipmentCoding));
  if (!posRow) throw new Error(`${storeCode} has no POS reader (POS-…): the demo's ST001 has one`);
  const pos = { code: String(posRow.equipmentCoding), token: await rotate(String(posRow.equipmentCoding)) };

  // garments: pieces present at the store, of styles with two sizes or more present (a size swap needs one)
  const stock = await call<{ list: Row[] }>('the store stock', 'GET', `/store/stock?siteId=${store.id}&pageSize=100`);
  const pieces: Piece[] = [];
  for (const style of stock.list) {
    const sizes = (style.sizes as Row[]).filter((s) => Number(s.present) >= 2);
    if (sizes.length < 2) continue;
    for (const s of sizes.slice(0, 3)) {
      const epcs = await call<Row[]>('present EPCs', 'GET', `/store/stock/epcs?siteId=${store.id}&skuId=${s.skuId}`);
      for (const e of epcs.slice(0, 3)) pieces.push({ epc: String(e.epc), skuId: Number(s.skuId), styleId: Number(style.goodsId) });
    }
    if (pieces.length >= 60) break;
  }
  if (pieces.length < 10) throw new Error(`${storeCode} has too few pieces present to try on`);
  const taken = new Set<string>();
  const take = (n: number) => {
    const free = pieces.filter((p) => !taken.has(p.epc));
    const out: Piece[] = [];
    while (out.length < n && free.length) {
      const [p] = free.splice(int(0, free.length - 1), 1);
      taken.add(p.epc);
      out.push(p);
    }
    return out;
  };

  const stamp = Date.now().toString(36).toUpperCase();
  let batchNo = 0;
  let txnNo = 0;
  const played: (FittingPlayed & { cabinId: number })[] = [];
  const shoppers = o.shoppers ?? 6;
  for (let s = 0; s < shoppers; s++) {
    // a free cabin (its last shopper's session closed: the merge gap and the sweep after the last read)
    await waitFor('a free cabin', async () => cabins.some((c) => c.busyUntil < Date.now()), (archive.mergeGapS + 30) * SEC);
    const now = Date.now();
    const cabin = cabins.find((c) => c.busyUntil < now)!;
    const garments = take(int(2, 5));
    if (!garments.length) break;
    // the shopper's minutes, stamped back from now: each garment read every 4 s while in the cabin
    const stay = int(60, 480) * SEC;
    const from = now - stay;
    const reads: SimRead[] = [];
    const tried: Piece[] = [];
    for (const g of garments) {
      const passing = random() < 0.2;
      const first = from + int(0, 15) * SEC;
      const last = passing ? first + int(0, 4) * SEC : Math.max(first + archive.minDwellS * SEC, now - int(0, 20) * SEC);
      if (!passing) tried.push(g);
      for (let at = first; at <= last; at += 4 * SEC) reads.push({ epc: g.epc, antenna: 1, rssi: -4800 - int(0, 1200), at: new Date(at) });
    }
    reads.sort((a, b) => a.at.getTime() - b.at.getTime());
    const { path, contentType } = ingestOf(o.format);
    must(
      `${cabin.reader}'s reads`,
      await api(o, 'POST', path, payload(o.format, reads), {
        authorization: `Bearer ${cabin.token}`,
        'content-type': contentType,
        'idempotency-key': `sim-fit-${stamp}-${batchNo++}`,
      }),
    );
    cabin.busyUntil = now + (archive.mergeGapS + 5) * SEC;
    // the till: about a third of the tries bought; now and then another size of the style instead
    const bought: Piece[] = [];
    let swapped = 0;
    for (const g of tried) {
      if (random() > 0.35) continue;
      const other = random() < 0.3 && pieces.find((p) => p.styleId === g.styleId && p.skuId !== g.skuId && !taken.has(p.epc));
      if (other) {
        taken.add(other.epc);
        bought.push(other);
        swapped++;
      } else bought.push(g);
    }
    if (bought.length)
      must(
        'a sale',
        await api<Row>(
          o,
          'POST',
          '/store/pos/transactions',
          {
            txn_no: `SIM-FIT-${stamp}-${++txnNo}`,
            type: 'sale',
            timestamp: iso(Date.now() - 500),
            biz_location: storeCode,
            read_point: pos.code,
            cashier: 'SIM',
            currency: 'CNY',
            lines: bought.map((p) => ({ identifiers: [{ type: 'epc_hex', value: p.epc }], qty: 1, unit_price: 399 })),
          },
          { 'x-device-key': pos.token, 'content-type': 'application/json' },
        ),
      );
    played.push({
      cabinId: cabin.id,
      cabin: cabin.name,
      startedAt: reads[0].at.getTime(),
      garments: garments.length,
      tried: tried.length,
      bought: bought.length - swapped,
      swapped,
    });
    log(
      `shopper ${s + 1}: ${cabin.name} (${cabin.reader}) ${Math.round(stay / SEC)} s, ${garments.length} garments, ${tried.length} tried, ${bought.length - swapped} bought${swapped ? `, ${swapped} other size` : ''}`,
    );
  }

  // the sessions close their merge gap after the last read (the server's sweep); joined with the till at the close
  const since = new Date(Date.now() - 15 * 60 * SEC).toISOString();
  const ours = async () =>
    (await list('smart-store/data', { storeId: store.id, pageSize: 100 })).filter(
      (r) => cabins.some((c) => c.id === Number(r.cabinId)) && String(r.startedAt) >= since,
    );
  await waitFor(
    'the sessions closed',
    async () => {
      const rows = await ours();
      return rows.length >= played.length && rows.every((r) => Number(r.status) === FITTING_SESSION_STATUS.CLOSED);
    },
    (archive.mergeGapS + 30) * SEC,
  );
  const sessions = (await ours())
    .sort((a, b) => String(a.startedAt).localeCompare(String(b.startedAt)))
    .map((r) => ({
      code: String(r.code),
      cabin: cabins.find((c) => c.id === Number(r.cabinId))?.name ?? String(r.cabinId),
      items: Number(r.items),
      tried: Number(r.tried),
      bought: Number(r.bought),
      swapped: Number(r.swapped),
      status: Number(r.status),
    }));
  for (const r of sessions) log(`session ${r.code}: ${r.items} garments, ${r.tried} tried, ${r.bought} bought, ${r.swapped} other size`);
  // in the order the sessions started (a shopper's stay is stamped back from when it was played)
  return { played: played.sort((a, b) => a.startedAt - b.startedAt), sessions };
}
