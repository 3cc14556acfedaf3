// What the reader simulator's scenarios share (simulator.ts, inbound-scenario.ts): the API's
// envelope, a call of the API, and a read as each vendor's reader reports it.

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A call of the server at `o.url` (…/api + path), answered as its envelope (a body that is not JSON: its status and text). */
export async function api<T>(
  o: { url: string },
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> {
  const res = await fetch(`${o.url}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  try {
    return JSON.parse(text) as Envelope<T>;
  } catch {
    return { code: res.status, msg: text.slice(0, 200), data: null as T };
  }
}

/** The answer's data, or an error naming what was asked. */
export const must = <T>(what: string, r: Envelope<T>): T => {
  if (r.code !== 200) throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
};

/** A reader's formats: Impinj (a JSON array, or NDJSON) and Zebra. */
export type ReaderFormat = 'impinj' | 'impinj-ndjson' | 'zebra';

/** A made-up MAC address, the i-th. */
export const mac = (i: number) => `02:54:4C:00:00:${(i + 1).toString(16).padStart(2, '0').toUpperCase()}`;

/** One read of a tag as each vendor reports it. */
function impinjEvent(epc: string, tid: string | undefined, antenna: number, rssiCdbm: number, at: Date) {
  return {
    timestamp: at.toISOString(),
    hostname: 'impinj-sim',
    eventType: 'tagInventory',
    tagInventoryEvent: {
      epc: Buffer.from(epc, 'hex').toString('base64'),
      epcHex: epc,
      ...(tid ? { tidHex: tid } : {}),
      antennaPort: antenna,
      antennaName: `Antenna ${antenna}`,
      peakRssiCdbm: rssiCdbm,
      frequency: 902750 + 500 * Math.floor(Math.random() * 50),
      transmitPowerCdbm: 3000,
      lastSeenTime: at.toISOString(),
    },
  };
}

function zebraEvent(epc: string, antenna: number, rssiCdbm: number, at: Date) {
  return {
    timestamp: at.toISOString().replace('Z', '+0000'),
    type: 'SIMPLE',
    data: { idHex: epc, antenna, peakRssi: Math.round(rssiCdbm / 100), reads: 1 + Math.floor(Math.random() * 3), format: 'epc' },
  };
}

export interface SimRead {
  epc: string;
  tid?: string;
  antenna: number;
  rssi: number;
  at: Date;
}

/** The body a reader of this format posts (Zebra: objects back to back, as the IoT Connector does). */
export function payload(format: ReaderFormat, reads: SimRead[]): string {
  if (format === 'zebra') return reads.map((r) => JSON.stringify(zebraEvent(r.epc, r.antenna, r.rssi, r.at))).join('');
  const events = reads.map((r) => impinjEvent(r.epc, r.tid, r.antenna, r.rssi, r.at));
  return format === 'impinj-ndjson' ? `${events.map((e) => JSON.stringify(e)).join('\n')}\n` : JSON.stringify(events);
}

/**
 * A tunnel's photo-eye going high (a carton coming in: the reader's general-purpose input 1), as
 * each vendor reports it: Impinj's `gpiTransition` event, Zebra's `GPI` event.
 */
export function triggerPayload(format: ReaderFormat, at: Date): string {
  if (format === 'zebra') return JSON.stringify({ timestamp: at.toISOString(), type: 'GPI', data: { pin: 1, state: 'HIGH' } });
  const event = {
    timestamp: at.toISOString(),
    hostname: 'impinj-sim',
    eventType: 'gpiTransition',
    gpiTransitionEvent: { gpi: 1, transition: 'low-to-high' },
  };
  return format === 'impinj-ndjson' ? `${JSON.stringify(event)}\n` : JSON.stringify([event]);
}

/** The ingestion route and content type of a format. */
export const ingestOf = (format: ReaderFormat) => ({
  path: `/rfid/ingest/${format === 'zebra' ? 'zebra' : 'impinj'}`,
  contentType: format === 'impinj-ndjson' ? 'application/x-ndjson' : 'application/json',
});

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely
type AnyRow = Record<string, any>;

/**
 * A scenario's session: signed in as `o.username`, the API's calls with its token (each answer's data,
 * or an error naming what was asked), a screen's list, and a wait for a state (polled, never a time).
 */
export async function signedInApi(o: { url: string; username: string; password: string }) {
  const login = must('login', await api<{ token: string }>(o, 'POST', '/user/login', { username: o.username, password: o.password }));
  const h = { token: login.token };
  const call = async <T = AnyRow>(what: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
    must(what, await api<T>(o, method, path, body, h));
  const list = async <T = AnyRow>(screen: string, body: AnyRow = {}) =>
    (await call<{ list: T[]; total: number }>(`${screen} list`, 'POST', `/${screen}/list`, { page: 1, pageSize: 500, ...body })).list;
  /** Polls `check` until it answers true (a state, not a time), else fails naming `what`. */
  const waitFor = async (what: string, check: () => Promise<boolean>, ms = 20_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`${what}: not within ${ms / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { token: login.token, headers: h, call, list, waitFor };
}
