// The simulator's store scenario (`npm run simulate -w bench -- --scenario store`): a day in a store
// (default ST001), played against a running server through the product's own APIs, signed in as
// --admin (default demo:demo123):
//  1. a transfer arrives: a bill to the store in transit whose cartons' EPCs the DC knows (the demo
//     seeds one) is read at the store's receiving tunnel (SIM-<store>-RECV, a tunnel at the stock
//     room's door) and finishes by itself; when none can be played, a transfer of pieces present at
//     WH01 is made and shipped through the console's calls and its cartons are passed through the
//     tunnel one scan at a time (checked by SKU); then store/receiving's `receive`;
//  2. goods move: some of the received pieces are put out on the sales floor (the floor's reader),
//     customers take a few into a fitting cabin (the cabin's reader) and back: presence follows;
//  3. the till: sales and a return posted to `POST /api/store/pos/transactions` with the POS's
//     device key (the store's POS reader, its token rotated);
//  4. closing: a few pieces walk out past the exit unpaid (an EAS exit reader: they depart), then a
//     count sheet is made, the handheld's EPC list uploaded to it, its result read back — expected
//     vs counted, over and short, the missing pieces short on their SKUs' lines.
// The readers it needs (receiving tunnel, floor, stock room, fitting cabin, exit) are set up as
// --admin sets up readers when the store has none there: added, bound to the zone with a scene of
// their kind, registered. Prints each step's outcome and returns what happened.
import { BILL_KIND, BILL_STATUS, CARTON_STATUS, COUNT_SHEET_KIND, REGISTRATION_STATUS, ZONE_TYPE } from '@tagloom/domain';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { api, ingestOf, mac, must, payload, type ReaderFormat, type SimRead, signedInApi } from './sim-lib.js';

export interface StoreOptions {
  url: string;
  username: string;
  password: string;
  /** the store's code (default ST001) */
  store?: string;
  /** the warehouse a made transfer comes from (default WH01) */
  warehouse?: string;
  format: ReaderFormat;
  /** pieces that walk out unpaid before the count (default 2) */
  missing?: number;
  /** a line of output (default console.log) */
  log?: (line: string) => void;
}

export interface StoreRun {
  store: { id: number; code: string };
  transfer: { id: number; code: string; made: boolean; expected: number; received: number; status: number; epcs: string[] };
  moves: { toFloor: string[]; toFitting: string[]; backToFloor: string[] };
  sales: { txnNo: string; kind: 'sale' | 'return'; epcs: string[]; skuIds: number[] }[];
  missing: { epc: string; skuId: number }[];
  count: {
    id: number;
    code: string;
    status: number;
    expected: number;
    counted: number;
    over: number;
    short: number;
    handheldEpcs: number;
    /** the lines of the SKUs whose pieces went missing */
    missingLines: { skuId: number; expected: number; moved: number; counted: number; over: number; short: number }[];
  };
}

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;
interface Piece {
  epc: string;
  skuId: number;
}

/** ISO time with an offset, as a POS or a handheld reports it. */
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

export async function runStoreScenario(o: StoreOptions): Promise<StoreRun> {
  const log = o.log ?? ((line: string) => console.log(line));
  const { call, list, waitFor } = await signedInApi(o);

  // the store, its zones, and the warehouse a transfer comes from
  const storeCode = o.store ?? 'ST001';
  const [store] = (await list('tenant/location', { code: storeCode, kind: 1 })).filter((l) => l.code === storeCode);
  if (!store) throw new Error(`no store ${storeCode}`);
  const zones = await list('tenant/location', { kind: 5, parentId: store.id });
  const zone = (type: number) => zones.filter((z) => Number(z.zoneType) === type).sort((a, b) => a.id - b.id)[0];
  const floor = zone(ZONE_TYPE.SALES_FLOOR);
  const room = zone(ZONE_TYPE.STOCK_ROOM);
  if (!floor || !room) throw new Error(`${storeCode} needs a sales floor and a stock room (tenant/location zones)`);
  const fittingArea = zone(ZONE_TYPE.FITTING_AREA);
  const cabins = fittingArea ? await list('tenant/location', { kind: 5, parentId: fittingArea.id }) : [];
  const cabin = cabins.sort((a, b) => a.id - b.id)[0] ?? fittingArea;
  if (!cabin) throw new Error(`${storeCode} has no fitting area`);
  const exit = zone(ZONE_TYPE.EXIT);
  const whCode = o.warehouse ?? 'WH01';
  const [wh] = (await list('tenant/location', { code: whCode, kind: 2 })).filter((l) => l.code === whCode);

  // the readers: a scene of each kind (the tenant's, else one made), each reader bound to its zone and registered
  const scenes = await list('rfid/scene');
  const sceneOf = async (type: number, code: string, name: string, rules: Row) => {
    const own = scenes.filter((s) => Number(s.sceneType) === type).sort((a, b) => a.id - b.id);
    if (own.length) return own.find((s) => ['STORE', 'FITTING'].includes(s.sceneCode)) ?? own[0];
    const made = await call('add a scene', 'POST', '/rfid/scene/create', {
      sceneCode: code,
      sceneName: name,
      sceneType: type,
      minPeriod: 1,
      intervalPeriod: 1,
      maxPeriod: 5,
      readPower: 30,
      reportInterval: 1,
      departAfter: 1800,
      moveHoldoff: 2,
      returnGuard: 300,
      ...rules,
    });
    scenes.push(made);
    log(`added scene ${code} (${name})`);
    return made;
  };
  let macNo = 40;
  const readerAt = async (code: string, name: string, place: Row, scene: Row) => {
    const found = (await list('rfid/equipment', { equipmentCoding: code })).find((e) => e.equipmentCoding === code);
    let row: Row;
    if (found) row = found;
    else {
      row = await call(`add ${code}`, 'POST', '/rfid/equipment/create', {
        equipmentCoding: code,
        equipmentName: name,
        snNumber: `SIM-SN-${code}`,
        macAddress: mac(macNo++),
      });
      log(`added reader ${code}`);
    }
    if (Number(row.locationId) !== Number(place.id) || Number(row.sceneId) !== Number(scene.id))
      await call(`bind ${code}`, 'POST', '/rfid/equipment/bind', { id: row.id, locationId: place.id, sceneId: scene.id });
    let token: string;
    if (Number(row.registrationStatus) === REGISTRATION_STATUS.REGISTERED)
      token = (await call<{ deviceToken: string }>(`${code}'s token`, 'POST', '/rfid/equipment/rotate-token', { id: row.id })).deviceToken;
    else {
      const issued = await call<{ registrationCode: string }>('registration code', 'POST', '/rfid/equipment/registration-code', {
        id: row.id,
      });
      token = must(
        `register ${code}`,
        await api<{ deviceToken: string }>(o, 'POST', '/rfid/equipment/register', {
          registrationCode: issued.registrationCode,
          snNumber: row.snNumber || `SIM-SN-${code}`,
          macAddress: row.macAddress || mac(macNo++),
        }),
      ).deviceToken;
    }
    log(`reader ${code} (${o.format}) at ${place.code} ${place.name}, scene ${scene.sceneName}`);
    return { code, token };
  };
  const general = await sceneOf(SCENE_TYPE.GENERAL, 'SIM-STORE', 'Simulated store zone', { departAfter: 1800, moveHoldoff: 30 });
  const tunnel = await sceneOf(SCENE_TYPE.TUNNEL, 'SIM-TUNNEL', 'Simulated dock tunnel', { departAfter: 600 });
  const fitting = await sceneOf(SCENE_TYPE.FITTING, 'SIM-FITTING', 'Simulated fitting room', { departAfter: 30, moveHoldoff: 3 });
  const recv = await readerAt(`SIM-${storeCode}-RECV`, 'Simulated receiving tunnel', room, tunnel);
  const floorReader = await readerAt(`SIM-${storeCode}-SF`, 'Simulated sales floor', floor, general);
  const fitReader = await readerAt(`SIM-${storeCode}-FIT`, 'Simulated fitting cabin', cabin, fitting);
  let exitReader: { code: string; token: string } | undefined;
  if (exit) {
    const eas = await sceneOf(SCENE_TYPE.EXIT, 'SIM-EXIT', 'Simulated EAS exit', { departAfter: 60 });
    exitReader = await readerAt(`SIM-${storeCode}-EXIT`, 'Simulated EAS exit', exit, eas);
  }
  // the till: the store's POS reader (its token rotated), else one set up at the store
  const posScene = await sceneOf(SCENE_TYPE.POS, 'SIM-POS', 'Simulated POS', { returnGuard: 600 });
  const posRow = (await list('rfid/equipment', { locationId: store.id })).find(
    (e) =>
      Number(e.sceneId) === Number(posScene.id) &&
      Number(e.locationId) === Number(store.id) &&
      Number(e.registrationStatus) === REGISTRATION_STATUS.REGISTERED,
  );
  const pos = posRow
    ? {
        code: String(posRow.equipmentCoding),
        token: (await call<{ deviceToken: string }>('the POS token', 'POST', '/rfid/equipment/rotate-token', { id: posRow.id }))
          .deviceToken,
      }
    : await readerAt(`SIM-${storeCode}-POS`, 'Simulated POS', store, posScene);
  if (posRow) log(`POS ${pos.code} at ${storeCode}: its device token rotated`);

  let batchNo = 0;
  /** A reader reports `reads` (each EPC read `times` times at distinct instants just before now, at `rssi` dBm ± 1). */
  const read = async (reader: { token: string }, epcs: readonly string[], rssiDbm: number, times = 3) => {
    if (!epcs.length) return;
    const now = Date.now();
    const reads: SimRead[] = epcs.flatMap((epc, k) =>
      Array.from({ length: times }, (_, j) => ({
        epc,
        antenna: 1 + ((k + j) % 2),
        rssi: rssiDbm * 100 - Math.floor(Math.random() * 100),
        at: new Date(now - (times - j) * 120 - (k % 50)),
      })),
    );
    const { path, contentType } = ingestOf(o.format);
    must(
      'send reads',
      await api(o, 'POST', path, payload(o.format, reads), {
        authorization: `Bearer ${reader.token}`,
        'content-type': contentType,
        'idempotency-key': `sim-store-${process.pid}-${now}-${batchNo++}`,
      }),
    );
  };
  /** Where the store's present pieces of these SKUs are now: EPC → zone type (0: the store itself). */
  const presentAt = async (siteId: number, skuIds: Iterable<number>) => {
    const at = new Map<string, number>();
    for (const skuId of new Set(skuIds))
      for (const e of await call<Row[]>('present EPCs', 'GET', `/store/stock/epcs?siteId=${siteId}&skuId=${skuId}`))
        at.set(String(e.epc), Number(e.zoneType ?? 0));
    return at;
  };
  const waitPresent = async (what: string, pieces: readonly Piece[], zoneType: number | null) =>
    waitFor(what, async () => {
      const at = await presentAt(
        store.id,
        pieces.map((p) => p.skuId),
      );
      return pieces.every((p) => (zoneType === null ? !at.has(p.epc) : at.get(p.epc) === zoneType));
    });

  // 1. the transfer
  const bound = (billId: number) => list('logistics/asn-binding', { billId });
  let bill: Row | undefined;
  let pieces: Piece[] = [];
  let made = false;
  for (const b of (await list('store/receiving', { destLocationId: store.id, status: BILL_STATUS.IN_TRANSIT })).sort(
    (a, b) => b.id - a.id,
  )) {
    const cartons = await list('warehouse/receiving-check', { billId: b.id });
    const expecting = (await bound(b.id)).filter((r) => [1, 2, 3].includes(Number(r.source)) && !r.unboundAt);
    // every carton's EPCs known to the DC: their arrival receives it
    if (cartons.length && cartons.every((c) => expecting.some((r) => Number(r.cartonId) === Number(c.id)))) {
      bill = b;
      pieces = expecting.map((r) => ({ epc: String(r.epc), skuId: Number(r.skuId) }));
      break;
    }
  }
  if (bill) {
    log(
      `transfer ${bill.code}${bill.reservationNo ? ` (${bill.reservationNo})` : ''} in transit to ${storeCode}: ${pieces.length} pieces arrive`,
    );
    // a tunnel reads without a carton scanned: its reads are arrivals (an open session of a run before is closed first)
    for (const s of (await call<{ list: Row[] }>('sessions', 'GET', `/rfid/sessions?equipment=${recv.code}&state=1`)).list)
      await api(o, 'POST', `/rfid/sessions/${s.id}/close`, {}, { authorization: `Bearer ${recv.token}` });
    await read(
      recv,
      pieces.map((p) => p.epc),
      -66,
    );
    await waitFor(`transfer ${bill.code} received by its arrivals`, async () => {
      const b = await call('the bill', 'GET', `/warehouse/bill/get?id=${bill!.id}`);
      return Number(b.status) === BILL_STATUS.RECEIVED;
    });
  } else {
    if (!wh) throw new Error(`no transfer to ${storeCode} can be played and no warehouse ${whCode} to make one from`);
    ({ bill, pieces } = await makeTransfer());
    made = true;
  }
  const received = await call('receive', 'POST', '/store/receiving/receive', { id: bill.id });
  const transfer = {
    id: Number(bill.id),
    code: String(bill.code),
    made,
    expected: Number(received.piecesExpected),
    received: Number(received.piecesReceived),
    status: Number(received.status),
    epcs: pieces.map((p) => p.epc),
  };
  log(`transfer ${transfer.code} received ${transfer.received}/${transfer.expected} — see store/receiving`);
  await waitPresent('the transfer in the stock room', pieces, ZONE_TYPE.STOCK_ROOM);

  /** A transfer of pieces present at the warehouse, made and shipped, its cartons passed through the tunnel by scans. */
  async function makeTransfer(): Promise<{ bill: Row; pieces: Piece[] }> {
    const CARTONS = 4;
    const PER_SKU = 2;
    const SKUS_A_CARTON = 3;
    const stock = await call<{ list: Row[] }>('the warehouse stock', 'GET', `/store/stock?siteId=${wh.id}&pageSize=200`);
    const skuIds = stock.list
      .flatMap((opt) => opt.sizes as Row[])
      .filter((s) => Number(s.present) >= PER_SKU + 1)
      .map((s) => Number(s.skuId))
      .slice(0, CARTONS * SKUS_A_CARTON);
    if (skuIds.length < CARTONS * SKUS_A_CARTON) throw new Error(`${whCode} holds too few pieces to make a transfer`);
    const stamp = new Date()
      .toISOString()
      .replace(/[-:T.Z]/g, '')
      .slice(2, 14);
    const packed: { cartonNo: string; pieces: Piece[] }[] = [];
    for (let c = 0; c < CARTONS; c++) {
      const mine: Piece[] = [];
      for (const skuId of skuIds.slice(c * SKUS_A_CARTON, (c + 1) * SKUS_A_CARTON)) {
        const epcs = await call<Row[]>('present EPCs', 'GET', `/store/stock/epcs?siteId=${wh.id}&skuId=${skuId}`);
        mine.push(...epcs.slice(0, PER_SKU).map((e) => ({ epc: String(e.epc), skuId })));
      }
      packed.push({ cartonNo: `SIMT${stamp}${c + 1}`, pieces: mine });
    }
    const created = await call('make a transfer', 'POST', '/warehouse/bill/create', {
      kind: BILL_KIND.TRANSFER,
      sourceLocationId: wh.id,
      destLocationId: store.id,
      reservationNo: `SIM-TO-${stamp}`,
      lines: packed.flatMap((c) => {
        const q = new Map<number, number>();
        for (const p of c.pieces) q.set(p.skuId, (q.get(p.skuId) ?? 0) + 1);
        return [...q].map(([skuId, expectedQty]) => ({ cartonNo: c.cartonNo, skuId, expectedQty }));
      }),
    });
    await call('ship the transfer', 'POST', '/warehouse/bill/ship', { id: created.id });
    const shipped = await call('the transfer', 'GET', `/warehouse/bill/get?id=${created.id}`);
    const boxes = new Map((await list('warehouse/receiving-check', { billId: created.id })).map((b) => [String(b.cartonNo), b]));
    const all = packed.flatMap((c) => c.pieces);
    log(
      `no transfer to ${storeCode} whose EPCs the DC knows is in transit: made ${shipped.code} (SIM-TO-${stamp}) from ${whCode}, ${CARTONS} cartons, ${all.length} pieces present at ${whCode}, shipped`,
    );
    // the tunnel: each carton scanned (the scan closes the carton before: its check), its pieces read
    let open: Row | undefined;
    for (const c of packed) {
      const box = boxes.get(c.cartonNo)!;
      const opened = must(
        `scan ${box.sscc}`,
        await api<{ session: Row }>(
          o,
          'POST',
          '/rfid/sessions',
          { subjectType: 'carton', subjectCode: String(box.sscc) },
          { authorization: `Bearer ${recv.token}` },
        ),
      );
      open = opened.session;
      await read(
        recv,
        c.pieces.map((p) => p.epc),
        -66,
      );
    }
    if (open)
      must('close the last carton', await api(o, 'POST', `/rfid/sessions/${open.id}/close`, {}, { authorization: `Bearer ${recv.token}` }));
    const checked = await list('warehouse/receiving-check', { billId: created.id });
    const accepted = checked.filter((b) => Number(b.status) === CARTON_STATUS.ACCEPTED).length;
    log(`  ${accepted}/${checked.length} cartons accepted at ${recv.code}`);
    return { bill: shipped, pieces: all };
  }

  // 2. the floor and the fitting room
  // six to the floor (of a small transfer: half), the rest stay in the stock room
  const toFloor = pieces.slice(0, Math.min(6, Math.max(4, Math.floor(pieces.length / 2))));
  await read(
    floorReader,
    toFloor.map((p) => p.epc),
    -55,
  );
  await waitPresent('pieces put out on the floor', toFloor, ZONE_TYPE.SALES_FLOOR);
  log(`${toFloor.length} moved from the stock room to the sales floor (${floor.code}) — see store/inventory`);
  const tried = toFloor.slice(0, Math.min(3, toFloor.length));
  const cabinType = Number(cabin.zoneType);
  await read(
    fitReader,
    tried.map((p) => p.epc),
    -44,
  );
  await waitPresent('pieces taken into the fitting cabin', tried, cabinType);
  log(`${tried.length} taken into the fitting room (${cabin.code})`);
  await read(
    floorReader,
    tried.map((p) => p.epc),
    -33,
  );
  await waitPresent('pieces brought back to the floor', tried, ZONE_TYPE.SALES_FLOOR);
  log(`${tried.length} brought back to the sales floor`);

  // 3. the till: sales of floor pieces, then one returned
  const sales: StoreRun['sales'] = [];
  const txnStamp = Date.now().toString(36).toUpperCase();
  const sell = async (kind: 'sale' | 'return', sold: Piece[], original?: string) => {
    const txnNo = `SIM-${txnStamp}-${sales.length + 1}`;
    const r = await api<{ txn: Row; duplicate: boolean }>(
      o,
      'POST',
      '/store/pos/transactions',
      {
        txn_no: txnNo,
        type: kind,
        timestamp: iso(Date.now() - 1000),
        biz_location: storeCode,
        read_point: pos.code,
        cashier: 'SIM',
        currency: 'CNY',
        lines: sold.map((p) => ({
          identifiers: [{ type: 'epc_hex', value: p.epc }],
          qty: kind === 'sale' ? 1 : -1,
          unit_price: 299,
          ...(original ? { original_txn_no: original } : {}),
        })),
      },
      { 'x-device-key': pos.token },
    );
    const out = must(`${kind} ${txnNo}`, r);
    sales.push({ txnNo, kind, epcs: sold.map((p) => p.epc), skuIds: sold.map((p) => p.skuId) });
    log(`${kind} ${txnNo} ${sold.length} piece(s), total ${out.txn.total} ${out.txn.currency} — see store/cashier`);
    return txnNo;
  };
  const onFloor = toFloor;
  const first = await sell('sale', onFloor.slice(0, 2));
  if (onFloor.length > 2) await sell('sale', onFloor.slice(2, 3));
  if (onFloor.length > 3) await sell('sale', onFloor.slice(3, 4));
  await sell('return', onFloor.slice(1, 2), first);
  const soldNow = new Set(sales.flatMap((s) => (s.kind === 'sale' ? s.epcs : [])));
  for (const s of sales.filter((x) => x.kind === 'return')) for (const e of s.epcs) soldNow.delete(e);

  // 4. closing: a few pieces walk out past the exit unpaid, then the handheld count
  const stock = new Map<number, { book: number; present: number }>();
  for (let page = 1; ; page++) {
    const got = await call<{ list: Row[]; total: number }>(
      'the store stock',
      'GET',
      `/store/stock?siteId=${store.id}&pageSize=200&page=${page}`,
    );
    for (const opt of got.list)
      for (const s of opt.sizes as Row[]) stock.set(Number(s.skuId), { book: Number(s.book), present: Number(s.present) });
    if (got.list.length < 200 || page * 200 >= got.total) break;
  }
  // pieces of SKUs whose book and presence agree (so the count's difference on their lines is the missing pieces'), of
  // different SKUs: the transfer's still in the stock room first, else other pieces present in the store
  const agreeing = (skuId: number) => {
    const k = stock.get(skuId);
    return !!k && k.book > 0 && k.book === k.present;
  };
  const want = o.missing ?? 2;
  const missing: Piece[] = [];
  const today = new Set(pieces.map((p) => p.epc));
  for (const p of pieces.filter((p) => !toFloor.includes(p) && agreeing(p.skuId)))
    if (missing.length < want && !missing.some((m) => m.skuId === p.skuId)) missing.push(p);
  for (const [skuId] of [...stock].sort((a, b) => a[0] - b[0])) {
    if (missing.length >= want) break;
    if (!agreeing(skuId) || missing.some((m) => m.skuId === skuId)) continue;
    const [e] = (await call<Row[]>('present EPCs', 'GET', `/store/stock/epcs?siteId=${store.id}&skuId=${skuId}`)).filter(
      (e) => !today.has(String(e.epc)),
    );
    if (e) missing.push({ epc: String(e.epc), skuId });
  }
  if (missing.length && exitReader) {
    await read(
      exitReader,
      missing.map((p) => p.epc),
      -50,
    );
    await waitPresent('pieces gone through the exit', missing, null);
    log(`${missing.length} piece(s) walked out past the exit (${exit.code}) unpaid: EAS alarm, no longer present`);
  } else if (missing.length) log(`${storeCode} has no exit zone: nothing goes missing`);

  const count = await call('make a count', 'POST', '/store/inventory/create', {
    sheetKind: COUNT_SHEET_KIND.SELF_BUILT,
    siteId: store.id,
    zoneIds: [],
    plannedAt: new Date(Date.now() + 60_000).toISOString(),
    remark: 'closing count (simulator)',
  });
  // the handheld's EPC list: the day's pieces still in the store (the missing ones are gone; the readers hold the rest present)
  const gone = new Set([...missing.map((p) => p.epc), ...soldNow]);
  const handheld = pieces.filter((p) => !gone.has(p.epc));
  const hh = (await list('rfid/equipment', { locationId: store.id })).find((e) => /^HH/.test(String(e.equipmentCoding)));
  const started = Date.now() - 5 * 60_000;
  const up = await call<{ code: string; epcCount: number }>('upload the handheld', 'POST', `/store/inventory/${count.id}/handheld`, {
    equipment: hh?.equipmentCoding ?? floorReader.code,
    deviceSessionId: `SIM-${storeCode}-${txnStamp}`,
    startedAt: iso(started),
    endedAt: iso(Date.now()),
    reads: handheld.map((p, i) => ({ epc: p.epc, at: iso(started + i * 500), rssi: -52.5, count: 2 })),
  });
  await call('refresh the count', 'POST', `/store/inventory/${count.id}/refresh?wait=1`, {});
  await call('finish the count', 'POST', '/store/inventory/finish', { id: count.id });
  const done = await call<{ state: string }>('refresh the count', 'POST', `/store/inventory/${count.id}/refresh?wait=1`, {});
  if (done.state !== 'done') throw new Error(`count ${count.code}: its refresh ended ${done.state}`);
  const detail = await call<{ count: Row; lines: Row[] }>('the count', 'GET', `/store/inventory/${count.id}/detail`);
  const c = detail.count;
  const missingSkus = new Set(missing.map((p) => p.skuId));
  const missingLines = detail.lines
    .filter((l) => missingSkus.has(Number(l.skuId)))
    .map((l) => ({
      skuId: Number(l.skuId),
      expected: Number(l.expectedQty),
      moved: Number(l.movedQty),
      counted: Number(l.countedQty),
      over: Number(l.overQty),
      short: Number(l.shortQty),
    }));
  const run: StoreRun['count'] = {
    id: Number(c.id),
    code: String(c.code),
    status: Number(c.status),
    expected: Number(c.expectedPieces),
    counted: Number(c.countedPieces),
    over: Number(c.overPieces),
    short: Number(c.shortPieces),
    handheldEpcs: up.epcCount,
    missingLines,
  };
  log(
    `count ${run.code} (handheld session ${up.code}: ${up.epcCount} EPCs, the readers' present tags besides): expected ${run.expected} counted ${run.counted} over ${run.over} short ${run.short} — see store/inventory → Counts`,
  );
  for (const l of missingLines)
    log(
      `  SKU ${l.skuId} (a piece walked out): expected ${l.expected}, counted ${l.counted}, short ${l.short}${l.over ? `, over ${l.over}` : ''}`,
    );
  return {
    store: { id: Number(store.id), code: storeCode },
    transfer,
    moves: { toFloor: toFloor.map((p) => p.epc), toFitting: tried.map((p) => p.epc), backToFloor: tried.map((p) => p.epc) },
    sales,
    missing,
    count: run,
  };
}
