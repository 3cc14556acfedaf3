// A reader simulator: registers readers through the API and plays the vendors' own traffic for a
// set of tags moving between locations, so the product can be seen working without hardware.
//
//   npm run simulate -w bench -- [options]
//
//   --url <base>           the server (default http://127.0.0.1:8080, where npm start serves)
//   --code <code>          a registration code issued in the console (repeat for more readers);
//                          default DEMO-READER-1 (the demo tenant's unregistered reader) when no --admin
//   --sn <serial>          the reader's serial number, as the equipment row records it (repeat, one per
//                          --code, in order); default SN-R700-000901 for DEMO-READER-1, else a made-up one
//   --device <code:token>  a reader registered before (its equipment code and device token, as printed
//                          when it registered): no registration (repeat for more readers)
//   --admin <user:pass>    instead: sign in (e.g. demo:demo123), add readers SIM-GATE, SIM-STOCK,
//                          SIM-FLOOR, SIM-FIT, SIM-POS when missing, bind each to a location and a scene
//                          of its kind, issue their codes and register them — the console's own calls
//   --readers <n>          with --admin: how many of those five readers (default 5)
//   --tags <n>             tags (default 12): SGTIN-96 EPCs encoded with our codec (company prefix of 7
//                          digits, filter 1) from a GTIN (--gtin, repeatable; default the demo tenant's
//                          first SKU 6901234000153) and serials from --serial-from (default 1) — the demo
//                          label orders' tags, so they are in the tag registry. With --admin the EPCs
//                          are the registry's own (the label EPC query list) when it has enough
//   --rate <reads/s>       reads a second across all readers (default 20)
//   --batches <n>          batches to send in all, then stop (default 12; 0: until Ctrl-C)
//   --format <f>           impinj | impinj-ndjson | zebra | mixed (default mixed: reader by reader)
//   --mqtt <url>           publish over MQTT (topics <prefix>/<tenant>/<equipment>/<format>/<token>) instead
//   --mqtt-prefix <p>      the server's MQTT_TOPIC_PREFIX (default tagloom)
//   --tenant <code>        the tenant code for MQTT topics (default DEMO)
//   --tid                  report a TID with each read (Impinj tidHex), as a reader with TID reporting on;
//                          off by default: made-up TIDs would differ from the registry's (duplicate EPCs)
//   --quiet                one line a batch only
//   --scenario <s>         readers (default: the above) | inbound: a truck at WH01's inbound dock — signs in
//                          (--admin, default demo:demo123), picks a WH01 bill in transit with cartons (or makes
//                          and ships one), sets up the tunnel SIM-TUNNEL at a DOCK_IN zone, passes the cartons
//                          (scan, reads, next scan) with problems planted — a carton short, a mis-pack, a foreign
//                          and an unknown EPC — and prints each carton's planted problems and its result
//   --bill <code>          inbound: the bill (code or ASN number) to receive
//   --cartons <n>          inbound: cartons to pass at most (a bill made by the scenario has n, default 6)
//   --every <ms>           inbound: between a carton's reads and the next scan (default 1500)
//   --opener <scan|gpi>    inbound: a carton's session opens by its SSCC's scan (default) or by the tunnel's
//                          photo-eye (a GPI trigger in the reader's format; the server names the carton by its reads)
//   --scenario store       a day in a store (--store, default ST001), signed in as --admin (default demo:demo123):
//                          a transfer in transit to it read at its receiving tunnel and received (or one
//                          made from WH01's present pieces, shipped, and its cartons scanned through the
//                          tunnel), pieces moved stock room → sales floor → fitting cabin → floor by the zones'
//                          readers, sales and a return at the POS (POST /api/store/pos/transactions with its
//                          device key), pieces walking out past the exit, and a closing handheld count
//                          (sheet, upload, result: expected, counted, over, short); readers it lacks are set up
//   --scenario outbound    a shift at WH01's shipping side, signed in as --admin (default demo:demo123): a transfer
//                          to --store (default ST004) picked into three cartons, each read at the pack station
//                          (TUN-WH01-PK1; the second mis-packed: refused review, put right, read again), reviewed
//                          and audited; the truck through the dock-out gate (GATE-WH01-DO1), the shipment
//                          reviewed and audited; an online order accepted, read at TUN-WH01-EC1, shipped
//   --scenario fitting     an hour in a store's fitting rooms (--store, default ST001; its archive's cabins and
//                          readers): --shoppers (default 6) take two to five present garments into a free cabin
//                          for one to eight minutes (the cabin's reader's reads, one garment in five only carried
//                          past), some buy at the POS (a tried garment, now and then another size of its style);
//                          waits for the sessions to close and prints them as smart-store/data shows them
//   --shoppers <n>         fitting: shoppers to play (default 6)
//   --store <code>         store: the store (default ST001)
//   --missing <n>          store: pieces that walk out unpaid before the count (default 2)
//
// It prints each batch it sends (reader, format, EPCs) and the server's answer (accepted, invalid,
// duplicate). Tags start at the first reader (the gate) and move, batch after batch, to the next
// reader's location (stockroom → floor → fitting room → point of sale), so EPC state shows them
// arriving, moving and — at a point-of-sale reader — sold.
import { checkDigit, sgtin96Hex } from '@tagloom/domain/epc/index.js';
import { runFittingScenario } from './fitting-scenario.js';
import { runInboundScenario } from './inbound-scenario.js';
import { runOutboundScenario } from './outbound-scenario.js';
import { api, mac, must, payload } from './sim-lib.js';
import { runStoreScenario } from './store-scenario.js';

interface Options {
  url: string;
  codes: string[];
  sns: string[];
  devices: { equipmentCoding: string; deviceToken: string }[];
  admin?: { username: string; password: string };
  readers: number;
  tags: number;
  gtins: string[];
  serialFrom: number;
  rate: number;
  batches: number;
  format: 'impinj' | 'impinj-ndjson' | 'zebra' | 'mixed';
  mqtt?: string;
  mqttPrefix: string;
  tenant: string;
  tid: boolean;
  quiet: boolean;
  scenario: 'readers' | 'inbound' | 'store' | 'outbound' | 'fitting';
  shoppers?: number;
  bill?: string;
  store?: string;
  missing?: number;
  cartons?: number;
  every: number;
  /** inbound: what starts a carton's session (a scan of its SSCC, or the tunnel's photo-eye) */
  opener?: 'scan' | 'gpi';
}

/** The demo tenant's first SKU (GS1 prefix 690, company 1234, item 00015). */
const DEMO_GTINS = ['690123400015'].map((g) => g + checkDigit(g));

function parseArgs(argv: string[]): Options {
  const o: Options = {
    url: 'http://127.0.0.1:8080',
    codes: [],
    sns: [],
    devices: [],
    readers: 5,
    tags: 12,
    gtins: [],
    serialFrom: 1,
    rate: 20,
    batches: 12,
    format: 'mixed',
    mqttPrefix: 'tagloom',
    tenant: 'DEMO',
    tid: false,
    quiet: false,
    scenario: 'readers',
    every: 1500,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${a} needs a value`);
      return next;
    };
    const n = () => {
      const x = Number(v());
      if (!Number.isFinite(x) || x < 0) throw new Error(`${a} needs a number`);
      return x;
    };
    if (a === '--url') o.url = v().replace(/\/+$/, '');
    else if (a === '--code') o.codes.push(v());
    else if (a === '--sn') o.sns.push(v());
    else if (a === '--device') {
      const [equipmentCoding, ...rest] = v().split(':');
      o.devices.push({ equipmentCoding, deviceToken: rest.join(':') });
    } else if (a === '--admin') {
      const [username, ...rest] = v().split(':');
      o.admin = { username, password: rest.join(':') };
    } else if (a === '--readers') o.readers = Math.min(5, Math.max(1, n()));
    else if (a === '--tags') o.tags = Math.max(1, n());
    else if (a === '--gtin') o.gtins.push(v());
    else if (a === '--serial-from') o.serialFrom = Math.max(0, Math.floor(n()));
    else if (a === '--rate') o.rate = Math.max(0.1, n());
    else if (a === '--batches') o.batches = n();
    else if (a === '--format') {
      const f = v();
      if (!['impinj', 'impinj-ndjson', 'zebra', 'mixed'].includes(f)) throw new Error('--format: impinj, impinj-ndjson, zebra or mixed');
      o.format = f as Options['format'];
    } else if (a === '--mqtt') o.mqtt = v();
    else if (a === '--mqtt-prefix') o.mqttPrefix = v().replace(/\/+$/, '');
    else if (a === '--tenant') o.tenant = v();
    else if (a === '--quiet') o.quiet = true;
    else if (a === '--tid') o.tid = true;
    else if (a === '--scenario') {
      const sc = v();
      if (sc !== 'readers' && sc !== 'inbound' && sc !== 'store' && sc !== 'outbound' && sc !== 'fitting')
        throw new Error('--scenario: readers, inbound, store, outbound or fitting');
      o.scenario = sc;
    } else if (a === '--bill') o.bill = v();
    else if (a === '--cartons') o.cartons = Math.max(1, Math.floor(n()));
    else if (a === '--every') o.every = n();
    else if (a === '--opener') {
      const w = v();
      if (w !== 'scan' && w !== 'gpi') throw new Error('--opener: scan or gpi');
      o.opener = w;
    } else if (a === '--store') o.store = v();
    else if (a === '--missing') o.missing = Math.floor(n());
    else if (a === '--shoppers') o.shoppers = Math.max(1, Math.floor(n()));
    else if (a === '--help' || a === '-h') {
      console.log(
        'usage: npm run simulate -w bench -- [--url U] [--code C]… | [--admin user:pass --readers N] [--tags N] [--rate R] [--batches N] [--format F] [--mqtt URL] | --scenario inbound [--admin user:pass] [--bill CODE] [--cartons N] [--every MS] [--format F] [--opener scan|gpi] | --scenario store [--admin user:pass] [--store CODE] [--missing N] [--format F] | --scenario outbound [--admin user:pass] [--store CODE] [--format F] | --scenario fitting [--admin user:pass] [--store CODE] [--shoppers N] [--format F]',
      );
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  if (o.scenario === 'inbound' || o.scenario === 'store' || o.scenario === 'outbound' || o.scenario === 'fitting') {
    o.admin ??= { username: 'demo', password: 'demo123' };
    return o;
  }
  if (!o.codes.length && !o.devices.length && !o.admin) o.codes.push(DEMO_READER.code);
  if (!o.gtins.length) o.gtins = DEMO_GTINS;
  return o;
}

interface Reader {
  equipmentCoding: string;
  deviceToken: string;
  role: string;
  format: 'impinj' | 'impinj-ndjson' | 'zebra';
}

const ROLES = [
  { code: 'SIM-GATE', role: 'gate', sceneType: 2, name: 'Simulated gate' },
  { code: 'SIM-STOCK', role: 'stockroom', sceneType: 1, name: 'Simulated stockroom' },
  { code: 'SIM-FLOOR', role: 'floor', sceneType: 1, name: 'Simulated sales floor' },
  { code: 'SIM-FIT', role: 'fitting room', sceneType: 1, name: 'Simulated fitting room' },
  { code: 'SIM-POS', role: 'point of sale', sceneType: 3, name: 'Simulated POS' },
];

/** The demo tenant's unregistered reader (R's seed). */
const DEMO_READER = { code: 'DEMO-READER-1', sn: 'SN-R700-000901' };

async function register(o: Options, code: string, i: number, serial?: string): Promise<{ equipmentCoding: string; deviceToken: string }> {
  const sn = serial || (code === DEMO_READER.code ? DEMO_READER.sn : `SIM-${process.pid}-${i + 1}-${Date.now().toString(36)}`.slice(0, 64));
  const r = await api<{ equipmentCoding: string; deviceToken: string }>(o, 'POST', '/rfid/equipment/register', {
    registrationCode: code,
    snNumber: sn,
    macAddress: mac(i),
  });
  const data = must(`register with ${code}`, r);
  console.log(`registered ${data.equipmentCoding} with code ${code} (sn ${sn}): ${r.msg}`);
  console.log(`device ${data.equipmentCoding}:${data.deviceToken} (reuse with --device)`);
  return data;
}

/** Sign in, add the simulated readers when missing, bind them to locations and scenes, issue codes, register. */
/** EPCs of the tag registry (label EPC query), when the signed-in user may list them. */
let registryEpcs: string[] = [];

async function setUpAsAdmin(o: Options): Promise<Reader[]> {
  const { username, password } = o.admin!;
  const login = must('login', await api<{ token: string }>(o, 'POST', '/user/login', { username, password }));
  const h = { token: login.token };
  const list = async <T>(screen: string, body: unknown = { page: 1, pageSize: 100 }) =>
    must(`${screen} list`, await api<{ list: T[] }>(o, 'POST', `/${screen}/list`, body, h)).list;
  const tags = await api<{ list: { epc: string }[] }>(o, 'POST', '/label/epc-query/list', { page: 1, pageSize: Math.min(100, o.tags) }, h);
  if (tags.code === 200 && tags.data.list.length >= o.tags) registryEpcs = tags.data.list.map((t) => t.epc);
  const locations = await list<{ id: number; code: string; name: string }>('tenant/location');
  const scenes = await list<{ id: number; sceneType?: number; sceneName?: string }>('rfid/scene');
  if (!locations.length || !scenes.length) throw new Error('the tenant needs at least one location and one scene to bind readers to');
  const existing = await list<{ id: number; equipmentCoding: string; snNumber?: string }>('rfid/equipment');
  const readers: Reader[] = [];
  for (const [i, role] of ROLES.slice(0, o.readers).entries()) {
    let row: { id: number; equipmentCoding: string; snNumber?: string } | undefined = existing.find((e) => e.equipmentCoding === role.code);
    if (!row) {
      row = must(
        `add ${role.code}`,
        await api<{ id: number; equipmentCoding: string }>(
          o,
          'POST',
          '/rfid/equipment/create',
          { equipmentCoding: role.code, equipmentName: role.name, snNumber: `SIM-SN-${role.code}`, macAddress: mac(i) },
          h,
        ),
      );
      console.log(`added reader ${role.code}`);
    }
    const location = locations[i % locations.length];
    const scene = scenes.find((s) => Number(s.sceneType) === role.sceneType) ?? scenes[0];
    must(`bind ${role.code}`, await api(o, 'POST', '/rfid/equipment/bind', { id: row.id, locationId: location.id, sceneId: scene.id }, h));
    console.log(`bound ${role.code} (${role.role}) to ${location.code} ${location.name}, scene ${scene.sceneName ?? scene.id}`);
    const issued = must(
      `registration code of ${role.code}`,
      await api<{ registrationCode: string }>(o, 'POST', '/rfid/equipment/registration-code', { id: row.id }, h),
    );
    const reg = await register(o, issued.registrationCode, i, row.snNumber || `SIM-SN-${role.code}`);
    readers.push({ ...reg, role: role.role, format: formatOf(o, i) });
  }
  return readers;
}

const formatOf = (o: Options, i: number): Reader['format'] =>
  o.format === 'mixed' ? (['impinj', 'zebra', 'impinj-ndjson'] as const)[i % 3] : o.format;

async function main() {
  const o = parseArgs(process.argv.slice(2));
  console.log(`simulator → ${o.mqtt ? `MQTT ${o.mqtt} (prefix ${o.mqttPrefix}, tenant ${o.tenant})` : o.url}`);
  if (o.scenario !== 'readers' && o.mqtt) throw new Error(`--scenario ${o.scenario} posts over HTTP (--mqtt is for the readers scenario)`);
  if (o.scenario === 'inbound') {
    await runInboundScenario({
      url: o.url,
      username: o.admin!.username,
      password: o.admin!.password,
      bill: o.bill,
      cartons: o.cartons,
      every: o.every,
      format: formatOf(o, 0),
      opener: o.opener,
    });
    return;
  }
  if (o.scenario === 'fitting') {
    await runFittingScenario({
      url: o.url,
      username: o.admin!.username,
      password: o.admin!.password,
      store: o.store,
      shoppers: o.shoppers,
      format: formatOf(o, 0),
    });
    return;
  }
  if (o.scenario === 'outbound') {
    await runOutboundScenario({
      url: o.url,
      username: o.admin!.username,
      password: o.admin!.password,
      store: o.store,
      format: formatOf(o, 0),
    });
    return;
  }
  if (o.scenario === 'store') {
    await runStoreScenario({
      url: o.url,
      username: o.admin!.username,
      password: o.admin!.password,
      store: o.store,
      missing: o.missing,
      format: formatOf(o, 0),
    });
    return;
  }
  const readers: Reader[] = o.admin
    ? await setUpAsAdmin(o)
    : [...o.devices, ...(await Promise.all(o.codes.map((code, i) => register(o, code, o.devices.length + i, o.sns[i]))))].map((d, i) => ({
        ...d,
        role: ROLES[i % ROLES.length].role,
        format: formatOf(o, i),
      }));

  // the tags: the registry's EPCs (admin), else encoded from the GTINs and serials; a TID each
  const tags = Array.from({ length: o.tags }, (_, i) => {
    const gtin = o.gtins[i % o.gtins.length];
    const serial = o.serialFrom + Math.floor(i / o.gtins.length);
    return { epc: registryEpcs[i] ?? sgtin96Hex(gtin, 7, 1, serial), tid: `E2801160200070${String(i + 1).padStart(10, '0')}`, at: 0 };
  });
  console.log(`${readers.length} reader(s): ${readers.map((r) => `${r.equipmentCoding} (${r.role}, ${r.format})`).join(', ')}`);
  console.log(`${tags.length} tag(s): ${tags[0].epc} …`);

  let client: import('mqtt').MqttClient | undefined;
  if (o.mqtt) {
    const mqtt = await import('mqtt');
    client = await mqtt.connectAsync(o.mqtt, { protocolVersion: 5, clientId: `tagloom-sim-${process.pid}` });
  }

  let stop = false;
  process.on('SIGINT', () => {
    stop = true;
  });
  const perBatch = Math.max(1, Math.min(tags.length, Math.round(o.rate)));
  const interval = (perBatch / o.rate) * 1000;
  let sent = 0;
  let accepted = 0;
  for (let b = 0; !stop && (o.batches === 0 || b < o.batches); b++) {
    const started = Date.now();
    // every round of batches moves the tags one reader on; the batch goes to the reader the tags are at
    const reader = readers[Math.floor(b / Math.max(1, Math.ceil(tags.length / perBatch))) % readers.length];
    const chosen = Array.from({ length: perBatch }, (_, k) => tags[(b * perBatch + k) % tags.length]);
    const now = new Date();
    const reads = chosen.map((t, k) => ({
      epc: t.epc,
      tid: o.tid ? t.tid : undefined,
      antenna: 1 + ((b + k) % 4),
      rssi: -4500 - Math.floor(Math.random() * 2500),
      at: new Date(now.getTime() - (chosen.length - k) * 3),
    }));
    const format = reader.format;
    const body = payload(format, reads);
    const batchId = `sim-${process.pid}-${b}`;
    const vendor = format === 'zebra' ? 'zebra' : 'impinj';
    if (!o.quiet)
      console.log(
        `→ ${reader.equipmentCoding} ${format} batch ${b + 1}: ${reads.length} reads (${reads.map((r) => r.epc.slice(-10)).join(' ')})`,
      );
    if (client) {
      const topic = `${o.mqttPrefix}/${o.tenant}/${reader.equipmentCoding}/${vendor}/${reader.deviceToken}`;
      await client.publishAsync(topic, body, { qos: 1, properties: { userProperties: { batchId } } });
      console.log(`← published to ${o.mqttPrefix}/${o.tenant}/${reader.equipmentCoding}/${vendor}/… (QoS 1, acknowledged by the broker)`);
      accepted += reads.length;
    } else {
      const r = await api<{ batchId: number; accepted: number; invalid: number; duplicate: boolean; errors: { message: string }[] }>(
        o,
        'POST',
        `/rfid/ingest/${vendor}`,
        body,
        {
          authorization: `Bearer ${reader.deviceToken}`,
          'idempotency-key': batchId,
          'content-type': format === 'impinj-ndjson' ? 'application/x-ndjson' : 'application/json',
        },
      );
      if (r.code === 200) {
        accepted += r.data.accepted;
        console.log(
          `← ${r.code} batch ${r.data.batchId}: accepted ${r.data.accepted}, invalid ${r.data.invalid}${r.data.duplicate ? ', duplicate' : ''}${r.data.errors.length ? ` (${r.data.errors[0].message})` : ''}`,
        );
      } else console.log(`← ${r.code} ${r.msg}`);
    }
    sent += reads.length;
    const wait = interval - (Date.now() - started);
    if (wait > 0 && !stop && (o.batches === 0 || b + 1 < o.batches)) await new Promise((res) => setTimeout(res, wait));
  }
  await client?.endAsync();
  console.log(`done: ${sent} reads sent, ${accepted} ${client ? 'acknowledged by the broker' : 'accepted by the server'}`);
}

main().catch((err) => {
  console.error(`simulator: ${(err as Error).message}`);
  process.exit(1);
});
