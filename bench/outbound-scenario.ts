// The simulator's outbound scenario (`npm run simulate -w bench -- --scenario outbound`): a shift at
// WH01's shipping side, played against a running server through the product's own APIs, signed in as
// --admin (default demo:demo123), with the demo's readers (their device tokens rotated):
//  1. picks: a transfer to a store (default ST004) of pieces stored at WH01, three cartons on its pick
//     list; each carton scanned at the pack station's tunnel (TUN-WH01-PK1), its pieces read, the
//     session closed — pack certification. The second carton is mis-packed (a piece of the third
//     carton's SKU in place of one of its own): SHORT/OVER, refused review; its pieces put right and
//     read again: matched.
//  2. every carton reviewed and audited: the shipment packed;
//  3. the truck: the cartons' pieces pass the dock-out gate (GATE-WH01-DO1), the shipment's loading
//     read at 100 %, reviewed and audited: in transit to the store;
//  4. an online order at WH01: accepted, its pieces read at the e-commerce tunnel (TUN-WH01-EC1),
//     packed, shipped with a tracking number.
// Prints each step's outcome and returns what happened.
import { BILL_KIND, BILL_STATUS, CARTON_STATUS, ORDER_CHANNEL, ORDER_STATUS, ZONE_TYPE } from '@tagloom/domain';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { api, ingestOf, must, payload, type ReaderFormat, type SimRead, signedInApi } from './sim-lib.js';

export interface OutboundOptions {
  url: string;
  username: string;
  password: string;
  /** the store the transfer goes to (default ST004) */
  store?: string;
  format: ReaderFormat;
  /** a line of output (default console.log) */
  log?: (line: string) => void;
}

export interface OutboundRun {
  bill: { id: number; code: string; status: number; loadedRatio: number };
  /** each carton's first pack read's result, its result when audited, its status at the end */
  cartons: { cartonNo: string; firstResult: number; result: number; status: number }[];
  order: { id: number; orderNo: string; status: number; pieces: number };
}

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;
interface Piece {
  epc: string;
  skuId: number;
}

const PACK_READER = 'TUN-WH01-PK1';
const GATE_READER = 'GATE-WH01-DO1';
const ECOM_READER = 'TUN-WH01-EC1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runOutboundScenario(o: OutboundOptions): Promise<OutboundRun> {
  const log = o.log ?? ((line: string) => console.log(line));
  const { headers: h, call, list, waitFor } = await signedInApi(o);

  const [wh] = await list('tenant/warehouse', { code: 'WH01' });
  const storeCode = o.store ?? 'ST004';
  const store = (await list('tenant/store', { code: storeCode })).find((s) => s.code === storeCode);
  if (!wh || !store) throw new Error(`no WH01 or ${storeCode} in the tenant`);
  /** A demo reader's device token, rotated. */
  const keyOf = async (code: string) => {
    const row = (await list('rfid/equipment', { equipmentCoding: code })).find((e) => e.equipmentCoding === code);
    if (!row) throw new Error(`no reader ${code}: the demo seeds it at WH01`);
    return {
      code,
      token: (await call<{ deviceToken: string }>(`${code}'s token`, 'POST', '/rfid/equipment/rotate-token', { id: row.id })).deviceToken,
    };
  };
  const [pack, gate, ecom] = [await keyOf(PACK_READER), await keyOf(GATE_READER), await keyOf(ECOM_READER)];
  log(`readers ${PACK_READER}, ${GATE_READER}, ${ECOM_READER}: device tokens rotated`);
  const device = (reader: { token: string }, what: string, path: string, body: unknown) =>
    api<Row>(o, 'POST', path, body, { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' }).then((r) =>
      must(what, r),
    );

  let batchNo = 0;
  /** A reader reports `epcs`, each read `times` times at distinct instants just before now, at `rssiDbm`. */
  const read = async (reader: { token: string }, epcs: readonly string[], times = 2, rssiDbm = -52) => {
    if (!epcs.length) return;
    const now = Date.now();
    const reads: SimRead[] = epcs.flatMap((epc, k) =>
      Array.from({ length: times }, (_, j) => ({
        epc,
        antenna: 1 + ((k + j) % 2),
        rssi: rssiDbm * 100,
        at: new Date(now - (times - j) * 150 - (k % 50)),
      })),
    );
    const { path, contentType } = ingestOf(o.format);
    must(
      'send reads',
      await api(o, 'POST', path, payload(o.format, reads), {
        authorization: `Bearer ${reader.token}`,
        'content-type': contentType,
        'idempotency-key': `sim-out-${process.pid}-${now}-${batchNo++}`,
      }),
    );
  };
  /** A subject scanned at a reader, these pieces read, the session closed. */
  const session = async (reader: { token: string }, subjectType: string, subjectCode: string, epcs: readonly string[]) => {
    const opened = await device(reader, `scan ${subjectCode}`, '/rfid/sessions', { subjectType, subjectCode });
    await read(reader, epcs);
    await device(reader, `close ${subjectCode}`, `/rfid/sessions/${opened.session.id}/close`, {});
  };

  // the pieces stored at WH01 (in a storage zone): three SKUs, four of each
  const stock = await call<{ list: Row[] }>('the warehouse stock', 'GET', `/store/stock?siteId=${wh.id}&pageSize=200`);
  const candidates = stock.list.flatMap((opt) => opt.sizes as Row[]).filter((s) => Number(s.present) >= 5);
  const skus: { skuId: number; pieces: Piece[] }[] = [];
  for (const s of candidates) {
    if (skus.length === 3) break;
    const skuId = Number(s.skuId);
    const stored = (await call<Row[]>('present EPCs', 'GET', `/store/stock/epcs?siteId=${wh.id}&skuId=${skuId}`))
      .filter((e) => Number(e.zoneType) === ZONE_TYPE.STORAGE)
      .slice(0, 4)
      .map((e) => ({ epc: String(e.epc), skuId }));
    if (stored.length === 4) skus.push({ skuId, pieces: stored });
  }
  if (skus.length < 3) throw new Error('WH01 stores too few pieces to pick three cartons');
  const stamp = new Date()
    .toISOString()
    .replace(/[-:T.Z]/g, '')
    .slice(2, 14);
  // carton i holds two pieces of SKU i (its pick list)
  const cartons = skus.map((s, i) => ({ cartonNo: `SIMO${stamp}${i + 1}`, pieces: s.pieces.slice(0, 2) }));
  const made = await call('make a transfer', 'POST', '/warehouse/bill/create', {
    kind: BILL_KIND.TRANSFER,
    sourceLocationId: wh.id,
    destLocationId: store.id,
    reservationNo: `SIM-OUT-${stamp}`,
    lines: cartons.map((c, i) => ({ cartonNo: c.cartonNo, skuId: skus[i].skuId, expectedQty: 2 })),
  });
  log(`1. a transfer ${made.code} from WH01 to ${storeCode}: ${cartons.length} cartons on its pick list, 2 pieces each`);

  // 1. the pack station: each carton scanned and read; the second mis-packed (a piece of SKU 3 for one of its own)
  const packing = async () => new Map((await list('logistics/packing', { billId: made.id })).map((c) => [String(c.cartonNo), c]));
  const packed = async (cartonNo: string) =>
    waitFor(`${cartonNo} packed`, async () => (await packing()).get(cartonNo)?.status === CARTON_STATUS.PACKED);
  const first = new Map<string, number>();
  for (const [i, c] of cartons.entries()) {
    const epcs = c.pieces.map((p) => p.epc);
    if (i === 1) epcs.splice(1, 1, skus[2].pieces[3].epc);
    await session(pack, 'pack', c.cartonNo, epcs);
    await packed(c.cartonNo);
    const box = (await packing()).get(c.cartonNo)!;
    first.set(c.cartonNo, Number(box.result));
    log(`   ${c.cartonNo}: read ${box.readPieces} of ${box.expectedPieces}, result ${box.result}${i === 1 ? ' (mis-packed)' : ''}`);
  }
  // the mis-packed carton refused review, put right and read again
  const wrong = (await packing()).get(cartons[1].cartonNo)!;
  const refused = await api(o, 'POST', '/logistics/packing/review', { id: wrong.id }, h);
  log(`   review of the mis-packed ${wrong.cartonNo} refused: ${refused.msg}`);
  await session(
    pack,
    'pack',
    cartons[1].cartonNo,
    cartons[1].pieces.map((p) => p.epc),
  );
  await waitFor(`${wrong.cartonNo} read again`, async () => (await packing()).get(cartons[1].cartonNo)?.result === CARTON_RESULT.MATCHED);
  log(`   ${wrong.cartonNo} put right and read again: matched`);

  // 2. every box reviewed and audited: the shipment packed
  for (const box of (await packing()).values()) {
    await call(`review ${box.cartonNo}`, 'POST', '/logistics/packing/review', { id: box.id });
    await call(`audit ${box.cartonNo}`, 'POST', '/logistics/packing/audit', { id: box.id });
  }
  const shipment = async () => (await list('logistics/shipment-review', { code: made.code })).find((b) => b.id === made.id)!;
  await waitFor('the shipment packed', async () => (await shipment()).status === BILL_STATUS.PACKED);
  // what each box's certification said when it was audited (shipped, it waits at the store to be checked again)
  const certified = await packing();
  log(`2. ${cartons.length} boxes reviewed and audited: ${made.code} packed`);

  // 3. the truck: every piece through the dock-out gate, close to its antennas (a gate passing: reads a moment apart,
  // stronger than the pack station's a minute before, so the fold moves them to the dock)
  const all = cartons.flatMap((c) => c.pieces.map((p) => p.epc));
  for (let pass = 0; pass < 3; pass++) {
    await read(gate, all, 3, -38);
    await sleep(1000);
  }
  await waitFor('the loading read', async () => Number((await shipment()).loadedRatio) >= 100, 30_000);
  await call('review the loading', 'POST', '/logistics/shipment-review/review', { id: made.id });
  await call('audit the shipment', 'POST', '/logistics/shipment-review/audit', { id: made.id });
  const gone = await shipment();
  log(
    `3. the dock-out gate read ${gone.cartonsLoaded} of ${gone.cartonsAudited} cartons (${gone.loadedRatio} %): reviewed, audited, status ${gone.status}`,
  );

  // 4. an online order: two pieces of SKU 1 left in storage
  const orderPieces = skus[0].pieces.slice(2, 4);
  const order = await call('an online order', 'POST', '/logistics/ecom-delivery/create', {
    channel: ORDER_CHANNEL.ECOM,
    fulfilSiteId: wh.id,
    customerName: '模拟顾客',
    customerPhone: '13800138000',
    address: '上海市浦东新区模拟路 1 号',
    lines: [{ skuId: skus[0].skuId, qty: orderPieces.length }],
  });
  await call('accept the order', 'POST', '/logistics/ecom-delivery/accept', { id: order.id });
  await session(
    ecom,
    'order',
    order.orderNo,
    orderPieces.map((p) => p.epc),
  );
  const orderNow = async () => call('the order', 'GET', `/logistics/ecom-delivery/get?id=${order.id}`);
  await waitFor('the order packed', async () => (await orderNow()).status === ORDER_STATUS.PACKED);
  await call('ship the order', 'POST', '/logistics/ecom-delivery/ship', { id: order.id, carrier: '顺丰速运', trackingNo: `SF${stamp}` });
  const shipped = await orderNow();
  log(
    `4. online order ${order.orderNo}: accepted, read at ${ECOM_READER} (${shipped.pickedPieces} pieces, matched), shipped as SF${stamp}`,
  );

  const boxes = await packing();
  return {
    bill: { id: made.id, code: made.code, status: Number(gone.status), loadedRatio: Number(gone.loadedRatio) },
    cartons: cartons.map((c) => ({
      cartonNo: c.cartonNo,
      firstResult: first.get(c.cartonNo)!,
      result: Number(certified.get(c.cartonNo)!.result),
      status: Number(boxes.get(c.cartonNo)!.status),
    })),
    order: { id: order.id, orderNo: order.orderNo, status: Number(shipped.status), pieces: Number(shipped.pickedPieces) },
  };
}
