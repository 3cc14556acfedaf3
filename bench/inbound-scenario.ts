// The simulator's inbound scenario (`npm run simulate -w bench -- --scenario inbound`): a truck at
// WH01's inbound dock. Signs in, picks an inbound bill of WH01 in transit with cartons (or makes one
// through the console's calls when none can be played), takes the warehouse's dock tunnel (a tunnel
// reader at a DOCK_IN zone, as the receiving check lists them: the demo's TUN-WH01-01, its device
// token rotated) or, when it has none, sets one up (SIM-TUNNEL: scene of type tunnel, added, bound
// and registered as --admin does its readers), then passes the
// cartons one by one: a scan of the carton's SSCC opens its read session (--opener gpi: the tunnel's
// photo-eye, a GPI trigger in the reader's format, and the server names the carton by its reads), the
// reader posts its EPCs in its vendor's format, the next scan (the last carton: a close) closes it and
// the server checks the carton. Problems are planted: a carton short of a few pieces, a mis-pack (pieces of one carton
// packed in another), an EPC of another bill's carton (foreign) and a made-up SGTIN nobody
// registered (unknown). Prints what was planted in each carton and the result the server gave; then,
// when the receipt has an inspection and the warehouse a free QI-area reader, reads its sample there.
import { CARTON_EPC_SOURCE, CARTON_STATUS, REGISTRATION_STATUS } from '@tagloom/domain';
import { sgtin96Hex } from '@tagloom/domain/epc/index.js';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { CARTON_RESULT } from '@tagloom/domain/rfid/reconcile.js';
import { api, ingestOf, mac, must, payload, type ReaderFormat, type SimRead, signedInApi, triggerPayload } from './sim-lib.js';

export interface InboundOptions {
  url: string;
  username: string;
  password: string;
  /** a bill's code or reservation (ASN) number; default: the newest WH01 bill in transit that can be played */
  bill?: string;
  /** cartons to pass at most (default: all the bill's expected cartons; a bill made here has 6) */
  cartons?: number;
  /** ms between a carton's reads and the next scan (default 1500) */
  every: number;
  format: ReaderFormat;
  /**
   * what starts a carton's read session: its SSCC scanned (default), or the tunnel's photo-eye — a GPI
   * trigger in the reader's format, the carton named by its reads when its session closes
   */
  opener?: 'scan' | 'gpi';
  /** the warehouse (default WH01) */
  warehouse?: string;
  /** a line of output (default console.log) */
  log?: (line: string) => void;
}

export type Plant = 'short' | 'mispack-over' | 'mispack-short' | 'foreign' | 'unknown';

export interface CartonOutcome {
  id: number;
  cartonNo: string;
  sscc: string;
  planted: Plant[];
  /** what was planted, in words */
  plantedText: string;
  sent: number;
  result: number;
  resultName: string;
  status: number;
  statusName: string;
  counts: { expected: number; read: number; matched: number; short: number; over: number; foreign: number; unknown: number };
}

export interface InboundRun {
  bill: { id: number; code: string; reservationNo: string; made: boolean };
  reader: string;
  cartons: CartonOutcome[];
  /** the QI sample read at the warehouse's QI area (when the receipt has an inspection and a QI reader was free) */
  qi?: { code: string; reader: string; counted: number; foreign: number; sampleSize: number; short: number };
}

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type Row = Record<string, any>;

const RESULT_NAME: Record<number, string> = Object.fromEntries(Object.entries(CARTON_RESULT).map(([k, v]) => [v, k]));
const STATUS_NAME: Record<number, string> = Object.fromEntries(Object.entries(CARTON_STATUS).map(([k, v]) => [v, k]));
/** The sources by which the DC knows what a carton should hold (a binding of another bill's carton makes an EPC foreign). */
const EXPECTING: number[] = [CARTON_EPC_SOURCE.FACTORY_PACK, CARTON_EPC_SOURCE.ASN_IMPORT, CARTON_EPC_SOURCE.DC_REPACK];
const BILL_IN_TRANSIT = 2;
const BILL_RECEIVING = 3;
const TUNNEL_CODE = 'SIM-TUNNEL';
/** The demo tenant's first SKU's GTIN: a serial no label order printed makes an SGTIN nobody registered. */
const STRANGER_GTIN = '6901234000153';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A carton as the scenario plays it: the EPCs it should hold (its bindings, or registry tags of its lines' SKUs). */
interface Playable {
  id: number;
  cartonNo: string;
  sscc: string;
  epcs: string[];
}

export async function runInboundScenario(o: InboundOptions): Promise<InboundRun> {
  const log = o.log ?? ((line: string) => console.log(line));
  const { headers: h, call, list } = await signedInApi(o);
  /** Every row of a list, page after page (at most `max`). */
  const all = async (screen: string, body: Row = {}, max = 5000) => {
    const out: Row[] = [];
    for (let page = 1; out.length < max; page++) {
      const got = await call<{ list: Row[]; total: number }>(`${screen} list`, 'POST', `/${screen}/list`, { ...body, page, pageSize: 500 });
      out.push(...got.list);
      if (got.list.length < 500 || out.length >= got.total) break;
    }
    return out;
  };

  // the warehouse and its inbound dock
  const whCode = o.warehouse ?? 'WH01';
  const [wh] = await list('tenant/location', { code: whCode, kind: 2 });
  if (!wh) throw new Error(`no warehouse ${whCode}`);
  const docks = (await list('tenant/location', { kind: 5, zoneType: 5, parentId: wh.id })).sort((a, b) => a.id - b.id);
  if (!docks.length) throw new Error(`${whCode} has no DOCK_IN zone to put a tunnel in (warehouse/management)`);
  const dock = docks[0];

  // the tunnel: a dock the warehouse has (the demo seeds one at its receiving dock), its token rotated;
  // else a scene of the tunnel type and the reader SIM-TUNNEL bound to the dock with it, registered
  const dockIds = new Set(docks.map((d) => Number(d.id)));
  const seeded = (await call<Row[]>('the docks', 'GET', '/warehouse/receiving-check/docks')).find(
    (d) => dockIds.has(Number(d.locationId)) && !d.current,
  );
  const [archived] = seeded
    ? (await list('rfid/equipment', { equipmentCoding: seeded.equipmentCoding })).filter(
        (e) => e.equipmentCoding === seeded.equipmentCoding,
      )
    : [];
  let device: { equipmentCoding: string; deviceToken: string };
  if (seeded && archived && Number(archived.registrationStatus) === REGISTRATION_STATUS.REGISTERED) {
    device = await call<{ equipmentCoding: string; deviceToken: string }>('the dock tunnel', 'POST', '/rfid/equipment/rotate-token', {
      id: archived.id,
    });
    log(`tunnel ${device.equipmentCoding} (${o.format}) at ${seeded.locationName ?? dock.name}: its device token rotated`);
  } else device = await setUpTunnel();
  const dev = { authorization: `Bearer ${device.deviceToken}` };

  /** SIM-TUNNEL set up at the first dock, as --admin sets up its readers. */
  async function setUpTunnel() {
    const scenes = await list('rfid/scene');
    let scene = scenes.find((s) => Number(s.sceneType) === SCENE_TYPE.TUNNEL);
    if (!scene) {
      scene = await call<Row>('add the tunnel scene', 'POST', '/rfid/scene/create', {
        sceneCode: 'SIM-TUNNEL',
        sceneName: 'Simulated dock tunnel',
        sceneType: SCENE_TYPE.TUNNEL,
        minPeriod: 1,
        intervalPeriod: 1,
        maxPeriod: 5,
        readPower: 30,
        reportInterval: 1,
        departAfter: 600,
        moveHoldoff: 2,
        returnGuard: 300,
      });
      log(`added scene SIM-TUNNEL (tunnel)`);
    }
    let reader = (await list('rfid/equipment', { equipmentCoding: TUNNEL_CODE })).find((e) => e.equipmentCoding === TUNNEL_CODE);
    if (!reader) {
      reader = await call<Row>(`add ${TUNNEL_CODE}`, 'POST', '/rfid/equipment/create', {
        equipmentCoding: TUNNEL_CODE,
        equipmentName: 'Simulated dock tunnel',
        snNumber: `SIM-SN-${TUNNEL_CODE}`,
        macAddress: mac(20),
      });
      log(`added reader ${TUNNEL_CODE}`);
    }
    await call('bind the tunnel', 'POST', '/rfid/equipment/bind', { id: reader.id, locationId: dock.id, sceneId: scene.id });
    const issued = await call<{ registrationCode: string }>('registration code', 'POST', '/rfid/equipment/registration-code', {
      id: reader.id,
    });
    const registered = must(
      'register the tunnel',
      await api<{ equipmentCoding: string; deviceToken: string }>(o, 'POST', '/rfid/equipment/register', {
        registrationCode: issued.registrationCode,
        snNumber: reader.snNumber || `SIM-SN-${TUNNEL_CODE}`,
        macAddress: reader.macAddress || mac(20),
      }),
    );
    log(`tunnel ${registered.equipmentCoding} (${o.format}) bound to ${dock.code} ${dock.name}, scene ${scene.sceneName}; registered`);
    return registered;
  }

  // what the registry holds, and which EPCs the DC expects in some carton (those are another bill's)
  const registry = await all('label/epc-query', {}, 20_000);
  const expectingRows = (await all('logistics/asn-binding', {}, 20_000)).filter(
    (b) => EXPECTING.includes(Number(b.source)) && !b.unboundAt,
  );
  const boundTo = new Map<string, number>(expectingRows.map((b) => [b.epc, Number(b.billId)]));
  /** Registry tags free to put in a carton: in no carton any bill expects them in. */
  const freeBySku = new Map<number, string[]>();
  for (const t of registry) {
    if (!t.epc || boundTo.has(t.epc)) continue;
    const l = freeBySku.get(Number(t.skuId)) ?? [];
    l.push(t.epc);
    freeBySku.set(Number(t.skuId), l);
  }

  /** A bill's expected cartons with the EPCs to read in each, or null when its cartons cannot be filled from the registry. */
  const playable = async (bill: Row): Promise<Playable[] | null> => {
    const cartons = (await list('warehouse/receiving-check', { billId: bill.id, status: CARTON_STATUS.EXPECTED })).sort((a, b) =>
      String(a.cartonNo).localeCompare(String(b.cartonNo)),
    );
    if (!cartons.length) return null;
    const lines = await all('warehouse/bill/lines', { id: bill.id });
    const pool = new Map([...freeBySku].map(([k, v]) => [k, [...v]]));
    const out: Playable[] = [];
    for (const c of cartons) {
      const bound = expectingRows.filter((b) => Number(b.cartonId) === Number(c.id)).map((b) => String(b.epc));
      let epcs = bound;
      if (!bound.length) {
        // by SKU: registry tags of each of its lines' SKUs, as many as the line says
        epcs = [];
        for (const l of lines.filter((l) => l.cartonNo === c.cartonNo)) {
          const free = pool.get(Number(l.skuId)) ?? [];
          if (free.length < Number(l.expectedQty)) return null;
          epcs.push(...free.splice(0, Number(l.expectedQty)));
        }
      }
      if (!epcs.length) return null;
      out.push({ id: Number(c.id), cartonNo: String(c.cartonNo), sscc: String(c.sscc), epcs });
    }
    return out;
  };

  // the bill
  let bill: Row | undefined;
  let cartons: Playable[] | null = null;
  let made = false;
  if (o.bill) {
    const found = [...(await list('warehouse/bill', { code: o.bill })), ...(await list('warehouse/bill', { reservationNo: o.bill }))];
    bill = found.find((b) => [BILL_IN_TRANSIT, BILL_RECEIVING].includes(Number(b.status)));
    if (!bill) throw new Error(`no bill ${o.bill} in transit or being received`);
    cartons = await playable(bill);
    if (!cartons) throw new Error(`bill ${bill.code}: no expected carton whose EPCs are known or can be taken from the registry`);
  } else {
    const candidates = (await list('warehouse/bill', { destLocationId: wh.id, status: BILL_IN_TRANSIT })).sort((a, b) => b.id - a.id);
    for (const b of candidates) {
      const c = await playable(b);
      // a mis-pack needs two cartons
      if (c && c.length >= Math.min(2, o.cartons ?? 2)) {
        bill = b;
        cartons = c;
        break;
      }
    }
    if (!bill) {
      ({ bill, cartons } = await makeBill());
      made = true;
    }
  }
  cartons = cartons!.slice(0, o.cartons ?? cartons!.length);
  log(
    `bill ${bill.code}${bill.reservationNo ? ` (${bill.reservationNo})` : ''}${made ? ', made and shipped now' : ''}: ${cartons.length} carton(s) to pass`,
  );

  /** A bill of cartons filled with free registry tags by SKU, made and shipped through the console's calls. */
  async function makeBill(): Promise<{ bill: Row; cartons: Playable[] }> {
    const n = o.cartons ?? 6;
    const free = [...freeBySku].sort((a, b) => a[0] - b[0]).flatMap(([skuId, epcs]) => epcs.map((epc) => ({ skuId, epc })));
    const per = Math.min(10, Math.floor(free.length / n));
    if (per < 3) throw new Error(`the registry has ${free.length} free tags: too few for ${n} cartons`);
    const [factory] = await list('tenant/factory');
    const stamp = new Date()
      .toISOString()
      .replace(/[-:T.Z]/g, '')
      .slice(2, 14);
    const packed = Array.from({ length: n }, (_, i) => ({
      cartonNo: `SIM${stamp}${String(i + 1).padStart(2, '0')}`,
      tags: free.slice(i * per, (i + 1) * per),
    }));
    const lines = packed.flatMap((c) => {
      const q = new Map<number, number>();
      for (const t of c.tags) q.set(t.skuId, (q.get(t.skuId) ?? 0) + 1);
      return [...q].map(([skuId, expectedQty]) => ({ cartonNo: c.cartonNo, skuId, expectedQty }));
    });
    const created = await call<Row>('make a bill', 'POST', '/warehouse/bill/create', {
      kind: 1,
      factoryId: factory?.id,
      destLocationId: wh.id,
      reservationNo: `SIM-${stamp}`,
      isStandard: 1,
      needsInspection: 1,
      lines,
    });
    await call('ship the bill', 'POST', '/warehouse/bill/ship', { id: created.id });
    const shipped = await call<Row>('the bill', 'GET', `/warehouse/bill/get?id=${created.id}`);
    const boxes = await list('warehouse/receiving-check', { billId: created.id });
    const byNo = new Map(boxes.map((b) => [String(b.cartonNo), b]));
    log(`no ${whCode} bill in transit could be played: made ${shipped.code} (SIM-${stamp}), ${n} cartons of ${per} registry tags, shipped`);
    return {
      bill: shipped,
      cartons: packed.map((c) => {
        const box = byNo.get(c.cartonNo)!;
        return { id: Number(box.id), cartonNo: c.cartonNo, sscc: String(box.sscc), epcs: c.tags.map((t) => t.epc) };
      }),
    };
  }

  // the problems planted: short, a mis-pack, a foreign EPC, an unknown EPC (with fewer cartons, more in one)
  const n = cartons.length;
  const plan = cartons.map((c) => ({ carton: c, planted: [] as Plant[], text: [] as string[], send: [...c.epcs] }));
  const slots =
    n >= 5
      ? { short: 0, over: 1, under: 2, foreign: 3, unknown: 4 }
      : n === 4
        ? { short: 0, over: 1, under: 2, foreign: 3, unknown: 3 }
        : n === 3
          ? { short: 0, over: 1, under: 2, foreign: 0, unknown: 0 }
          : n === 2
            ? { short: -1, over: 0, under: 1, foreign: 1, unknown: 1 }
            : { short: 0, over: -1, under: -1, foreign: 0, unknown: 0 };
  if (slots.short >= 0) {
    const p = plan[slots.short];
    const drop = Math.max(1, Math.min(3, Math.floor(p.send.length / 5)));
    const dropped = p.send.splice(p.send.length - drop, drop);
    p.planted.push('short');
    p.text.push(`short: ${drop} piece(s) left out (…${dropped.map((e) => e.slice(-6)).join(' …')})`);
  }
  if (slots.over >= 0 && slots.under >= 0) {
    const a = plan[slots.over];
    const b = plan[slots.under];
    const moved = b.send.splice(0, Math.min(2, Math.max(1, b.send.length - 1)));
    a.send.push(...moved);
    a.planted.push('mispack-over');
    a.text.push(`mis-pack: ${moved.length} piece(s) of ${b.carton.cartonNo} packed here`);
    b.planted.push('mispack-short');
    b.text.push(`mis-pack: ${moved.length} of its pieces packed in ${a.carton.cartonNo}`);
  }
  const ours = new Set(cartons.flatMap((c) => c.epcs));
  // an EPC another bill to this DC expects (another truck's carton): not one of a bill elsewhere —
  // read here, a piece of a transfer on its way to a store would be at the DC, and its arrival at
  // the store would not finish that transfer
  const others = new Map<number, Row | undefined>();
  const billOf = async (id: number) => {
    if (!others.has(id)) others.set(id, (await api<Row>(o, 'GET', `/warehouse/bill/get?id=${id}`, undefined, h)).data);
    return others.get(id);
  };
  let foreign: { row: Row; bill: Row } | undefined;
  for (const r of expectingRows) {
    if (Number(r.billId) === Number(bill!.id) || ours.has(r.epc) || !registry.some((t) => t.epc === r.epc)) continue;
    const other = await billOf(Number(r.billId));
    if (other && Number(other.destLocationId) === Number(bill!.destLocationId)) {
      foreign = { row: r, bill: other };
      break;
    }
  }
  if (foreign) {
    const p = plan[slots.foreign];
    p.send.push(String(foreign.row.epc));
    p.planted.push('foreign');
    p.text.push(`foreign: ${foreign.row.epc}, expected in a carton of bill ${foreign.bill.code}`);
  } else log(`no EPC bound to another bill to ${whCode}: no foreign EPC planted`);
  {
    const p = plan[slots.unknown];
    const known = new Set(registry.map((t) => t.epc));
    let epc = '';
    do epc = sgtin96Hex(STRANGER_GTIN, 7, 1, 200_000_000_000 + Math.floor(Math.random() * 1e9));
    while (known.has(epc));
    p.send.push(epc);
    p.planted.push('unknown');
    p.text.push(`unknown: ${epc}, a made-up SGTIN nobody registered`);
  }

  // the truck: carton after carton through the tunnel
  const out: CartonOutcome[] = [];
  let batchNo = 0;
  const send = async (reads: SimRead[], auth: Record<string, string> = dev) => {
    const { path, contentType } = ingestOf(o.format);
    const r = await api<{ accepted: number; invalid: number }>(o, 'POST', path, payload(o.format, reads), {
      ...auth,
      'content-type': contentType,
      'idempotency-key': `sim-inbound-${process.pid}-${Date.now()}-${batchNo++}`,
    });
    return must('send reads', r);
  };
  const resultOf = async (p: (typeof plan)[number], sent: number): Promise<CartonOutcome> => {
    const c = await call<Row>('the carton', 'GET', `/warehouse/receiving-check/get?id=${p.carton.id}`);
    const outcome: CartonOutcome = {
      id: p.carton.id,
      cartonNo: p.carton.cartonNo,
      sscc: p.carton.sscc,
      planted: p.planted,
      plantedText: p.text.join('; ') || 'nothing: packed as the ASN says',
      sent,
      result: Number(c.result),
      resultName: RESULT_NAME[Number(c.result)] ?? String(c.result),
      status: Number(c.status),
      statusName: STATUS_NAME[Number(c.status)] ?? String(c.status),
      counts: {
        expected: Number(c.expectedPieces),
        read: Number(c.readPieces),
        matched: Number(c.matched),
        short: Number(c.short),
        over: Number(c.over),
        foreign: Number(c.foreign),
        unknown: Number(c.unknown),
      },
    };
    const k = outcome.counts;
    log(
      `  ← ${outcome.cartonNo}: ${outcome.resultName}, ${outcome.statusName} (expected ${k.expected}, read ${k.read}: matched ${k.matched}, short ${k.short}, over ${k.over}, foreign ${k.foreign}, unknown ${k.unknown})`,
    );
    return outcome;
  };

  let previous: { p: (typeof plan)[number]; sent: number; sessionId: number } | undefined;
  /** The carton's session opened: by its scan, or by the photo-eye's trigger (the reader's open session then). */
  const open = async (p: (typeof plan)[number]): Promise<{ session: Row }> => {
    if (o.opener !== 'gpi')
      return must(
        `scan ${p.carton.sscc}`,
        await api<{ session: Row; closed: Row | null }>(
          o,
          'POST',
          '/rfid/sessions',
          { subjectType: 'carton', subjectCode: p.carton.sscc },
          dev,
        ),
      );
    const { path, contentType } = ingestOf(o.format);
    must(
      'the photo-eye',
      await api(o, 'POST', path, triggerPayload(o.format, new Date()), {
        ...dev,
        'content-type': contentType,
        'idempotency-key': `sim-inbound-${process.pid}-${Date.now()}-${batchNo++}`,
      }),
    );
    const { list: sessions } = await call<{ list: Row[] }>(
      'the open session',
      'GET',
      `/rfid/sessions?equipment=${encodeURIComponent(device.equipmentCoding)}&state=1&limit=1`,
    );
    if (!sessions[0]) throw new Error(`the photo-eye of ${device.equipmentCoding} opened no session (is it a tunnel?)`);
    return { session: sessions[0] };
  };
  for (const [i, p] of plan.entries()) {
    const opened = await open(p);
    if (previous) out.push(await resultOf(previous.p, previous.sent));
    const how = o.opener === 'gpi' ? 'photo-eye' : `SSCC ${p.carton.sscc}`;
    log(
      `→ carton ${i + 1}/${n} ${p.carton.cartonNo} (${how}), session ${opened.session.code}: ${p.send.length} EPC(s); planted ${p.text.join('; ') || 'nothing'}`,
    );
    // a tunnel reads each tag a few times, on its four antennas, reported in two batches
    const now = Date.now();
    const reads: SimRead[] = p.send.flatMap((epc, k) =>
      Array.from({ length: 1 + (k % 3) }, (_, j) => ({
        epc,
        antenna: 1 + ((k + j) % 4),
        rssi: -4200 - Math.floor(Math.random() * 2500),
        at: new Date(now - 400 + ((k * 7 + j * 50) % 400)),
      })),
    );
    const half = Math.ceil(reads.length / 2);
    await send(reads.slice(0, half));
    await send(reads.slice(half));
    previous = { p, sent: p.send.length, sessionId: Number(opened.session.id) };
    await sleep(o.every);
  }
  if (previous) {
    must(`close ${previous.p.carton.cartonNo}`, await api(o, 'POST', `/rfid/sessions/${previous.sessionId}/close`, {}, dev));
    out.push(await resultOf(previous.p, previous.sent));
  }

  // the lot's QI sample at the warehouse's QI area, when the receipt has an inspection and a QI reader is free
  let qi: InboundRun['qi'];
  const [inspection] = (await list('warehouse/receiving-qi', { billId: bill.id })).filter((r) => [1, 2].includes(Number(r.status)));
  if (inspection) {
    const readers = await call<{ list: { code: string; busyWith: unknown }[] }>(
      'the QI readers',
      'GET',
      `/warehouse/receiving-qi/qi-readers?id=${inspection.id}`,
    );
    const free = readers.list.find((r) => !r.busyWith);
    const [archived] = free
      ? (await list('rfid/equipment', { equipmentCoding: free.code })).filter((e) => e.equipmentCoding === free.code)
      : [];
    if (!free || !archived) log(`inspection ${inspection.code}: no free reader at a QI area of ${whCode}; its sample is not read`);
    else {
      const token = await call<{ deviceToken: string }>('the QI reader', 'POST', '/rfid/equipment/rotate-token', { id: archived.id });
      await call('start the QI sample', 'POST', '/warehouse/receiving-qi/sample/start', { id: inspection.id, equipment: free.code });
      const pieces = [...new Set(plan.flatMap((p) => p.send))].slice(0, Number(inspection.sampleSize));
      const now = Date.now();
      await send(
        pieces.map((epc, k) => ({ epc, antenna: 1, rssi: -4500 - (k % 20) * 50, at: new Date(now - 300) })),
        { authorization: `Bearer ${token.deviceToken}` },
      );
      const done = await call<{ counted: number; foreign: number; sampleSize: number; short: number }>(
        'close the QI sample',
        'POST',
        '/warehouse/receiving-qi/sample/close',
        { id: inspection.id },
      );
      qi = { code: String(inspection.code), reader: free.code, ...done };
      log(
        `inspection ${qi.code}: sample read at ${free.code} — ${done.counted} / ${done.sampleSize} pieces${done.foreign ? `, ${done.foreign} foreign (not counted)` : ''}${done.short ? `, ${done.short} short` : ''} — see warehouse/receiving-qi`,
      );
    }
  }

  const after = await call<Row>('the bill', 'GET', `/warehouse/bill/get?id=${bill.id}`);
  log(
    `bill ${after.code}: pieces expected ${after.piecesExpected}, received ${after.piecesReceived}, diff ${after.piecesDiff}; cartons ${after.cartonsReceived}/${after.cartonsExpected} read — see warehouse/receiving-check`,
  );
  log('carton                 planted                                   result');
  for (const c of out) log(`${c.cartonNo.padEnd(22)} ${(c.planted.join('+') || '-').padEnd(41)} ${c.resultName} (${c.statusName})`);
  return {
    bill: { id: Number(bill.id), code: String(bill.code), reservationNo: String(bill.reservationNo ?? ''), made },
    reader: device.equipmentCoding,
    cartons: out,
    qi,
  };
}
