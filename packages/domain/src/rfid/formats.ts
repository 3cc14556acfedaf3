/**
 * The readers' own payload formats, parsed into normalized events (pure: no Node APIs, so the
 * console, the server and a worker thread share it).
 *
 * - Impinj R700 IoT device interface: `{timestamp, hostname, eventType, <eventType>Event}` events,
 *   posted as a JSON array, one event object, or NDJSON (one object per line, the HTTP stream).
 * - Zebra IoT Connector: `{timestamp, type, data: {idHex, antenna, peakRssi, reads, …}}` events,
 *   posted as a JSON array, one object, or several objects back to back with no separator.
 *
 * A bad event never sinks the batch (it is listed with its position and reason); a body that is
 * not JSON at all, too large or with too many events is refused whole (PayloadError).
 */
import type { RfidEquipmentEventType, RfidFormat, RfidInvalidReason } from '../feed/rfid.js';

/** A tag read, normalized. */
export interface TagRead {
  /** position of the event in the payload, from 1 */
  index: number;
  at: Date;
  /** upper-case hex */
  epc: string;
  tid: string | null;
  antenna: number | null;
  /** hundredths of a dBm */
  rssiCdbm: number | null;
  frequencyKhz: number | null;
  /** reads the event stands for (Zebra's `reads`, else 1) */
  readCount: number;
  /** degrees, to 0.01° */
  phase: number | null;
  /** the Doppler frequency the reader measured, Hz to 0.01 (Impinj `dopplerFrequency`) */
  dopplerHz: number | null;
  /**
   * what the reader's tag access operations read with the inventory (Impinj
   * `tagAccessResponses[]`: a user-memory read, an EPC verify …), one `identifier=HEX` (or `HEX`)
   * per response that returned data, an unsuccessful one as `identifier!result`, separated by
   * spaces; null when there was none
   */
  memory: string | null;
}

/** A reader status event (antenna, inventory, overflow, errors …) for the equipment log. */
export interface StatusEvent {
  index: number;
  at: Date;
  eventType: RfidEquipmentEventType;
  level: 'info' | 'warn' | 'error';
  antenna: number | null;
  message: string;
  /**
   * a general-purpose input went high (Impinj `gpiTransition` low-to-high, Zebra `GPI` HIGH): at a
   * tunnel, a photo-eye's "a carton comes in", which starts the reader's next read session
   */
  trigger?: boolean;
}

/** An event refused: its position (from 1) and the reason (message key `ingest.reason.<reason>` with params). */
export interface InvalidEvent {
  index: number;
  reason: RfidInvalidReason;
  params?: Record<string, string | number>;
}

export interface ParsedPayload {
  /** events found in the payload (reads + statuses + heartbeats + invalid) */
  events: number;
  reads: TagRead[];
  statuses: StatusEvent[];
  /** keep-alive events (Zebra heartbeats): the reader is alive, nothing to log */
  heartbeats: number;
  invalid: InvalidEvent[];
}

export interface ParseLimits {
  /** the payload's size in characters (default 16 MB) */
  maxChars?: number;
  /** events a payload may hold (default 5,000) */
  maxEvents?: number;
  /** the reception time, ms (default Date.now()) */
  now?: number;
  /** how far a reader's clock may run ahead (default 5 minutes) */
  maxSkewMs?: number;
  /** how old a buffered read may be (default 29 days: the raw reads' partitions keep 30) */
  maxAgeMs?: number;
}

export const INGEST_MAX_EVENTS = 5000;
export const INGEST_MAX_CHARS = 16 * 1024 * 1024;
export const INGEST_MAX_SKEW_MS = 5 * 60_000;
export const INGEST_MAX_AGE_MS = 29 * 86_400_000;

/** A payload refused whole: the message key is `ingest.reason.<reason>`. */
export class PayloadError extends Error {
  constructor(
    readonly reason: RfidInvalidReason,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`ingest.reason.${reason}`);
    this.name = 'PayloadError';
  }
}

// ---------------------------------------------------------------------------------------------
// hex and base64

const HEX = /^[0-9A-Fa-f]*$/;
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64_INDEX[B64.charCodeAt(i)] = i;
B64_INDEX['-'.charCodeAt(0)] = 62; // base64url
B64_INDEX['_'.charCodeAt(0)] = 63;
const HEX_DIGITS = '0123456789ABCDEF';

/** Base64 (or base64url, padded or not) → upper-case hex; undefined when it is not base64. */
export function base64ToHex(b64: string): string | undefined {
  const s = b64.replace(/=+$/, '');
  if (s.length % 4 === 1) return undefined;
  let out = '';
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? B64_INDEX[c] : -1;
    if (v < 0) return undefined;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      const byte = (acc >> bits) & 0xff;
      out += HEX_DIGITS[byte >> 4] + HEX_DIGITS[byte & 15];
    }
  }
  return out;
}

/** Hex (even length) → base64 (padded). */
export function hexToBase64(hex: string): string {
  let out = '';
  let acc = 0;
  let bits = 0;
  for (let i = 0; i + 1 < hex.length; i += 2) {
    acc = ((acc << 8) | Number.parseInt(hex.slice(i, i + 2), 16)) & 0xffffff;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += B64[(acc >> bits) & 63];
    }
  }
  if (bits > 0) out += B64[(acc << (6 - bits)) & 63];
  while (out.length % 4) out += '=';
  return out;
}

/** An EPC as readers report it: whole 16-bit words, 96 to 496 bits. */
export const EPC_MIN_HEX = 24;
export const EPC_MAX_HEX = 124;
const TID_MAX_HEX = 256;
/** A tag access response's data: up to 4,096 hex digits (16 Kbit of user memory). */
const MEMORY_MAX_HEX = 4096;
/** Tag access responses kept a read. */
const MEMORY_MAX_RESPONSES = 8;

// ---------------------------------------------------------------------------------------------
// splitting a body into events

/**
 * Splits a body into its JSON values: a JSON array (its elements), or objects one after another
 * (back to back, or one per line: NDJSON), found by counting braces outside strings. A piece that
 * does not parse is kept as `undefined` (an invalid event); a body with no object at all throws.
 */
export function splitJsonEvents(body: string): unknown[] {
  let i = 0;
  const n = body.length;
  while (i < n && isSpace(body.charCodeAt(i))) i++;
  if (i === n) throw new PayloadError('empty');
  if (body.charCodeAt(i) === 0x5b /* [ */) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new PayloadError('notJson');
    }
    if (!Array.isArray(parsed)) throw new PayloadError('notJson');
    return parsed;
  }
  const out: unknown[] = [];
  let parsedAny = false;
  while (i < n) {
    const c = body.charCodeAt(i);
    if (isSpace(c) || c === 0x2c /* , between objects */) {
      i++;
      continue;
    }
    if (c !== 0x7b /* { */) {
      // stray text: one invalid event up to the next object
      let j = i;
      while (j < n && body.charCodeAt(j) !== 0x7b) j++;
      out.push(undefined);
      i = j;
      continue;
    }
    const end = objectEnd(body, i);
    const piece = body.slice(i, end);
    try {
      out.push(JSON.parse(piece));
      parsedAny = true;
    } catch {
      out.push(undefined);
    }
    i = end;
  }
  if (!parsedAny) throw new PayloadError('notJson');
  return out;
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;

/** The index after the object starting at `start` (its matching brace, or the end of the body). */
function objectEnd(s: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return s.length;
}

// ---------------------------------------------------------------------------------------------
// the events

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class Invalid {
  constructor(
    readonly reason: RfidInvalidReason,
    readonly params: Record<string, string | number> = {},
  ) {}
}
const short = (v: unknown) => String(typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).slice(0, 60);

interface Ctx {
  now: number;
  oldest: number;
  newest: number;
}

const OFFSET_NO_COLON = /([+-]\d\d)(\d\d)$/;

/** Parses a time (ISO 8601, also `+0000` offsets, or epoch ms/µs numbers); default: the reception time. */
function timeOf(v: unknown, ctx: Ctx, field: string): Date {
  if (v === undefined || v === null || v === '') return new Date(ctx.now);
  let ms: number;
  if (typeof v === 'number') ms = v > 1e14 ? Math.floor(v / 1000) : v;
  // `+0000` offsets (as some firmware writes them) become `+00:00`; the usual `…Z` is parsed as it is
  else if (typeof v === 'string') ms = Date.parse(v.endsWith('Z') ? v : v.replace(OFFSET_NO_COLON, '$1:$2'));
  else throw new Invalid('badTime', { field, value: short(v) });
  if (!Number.isFinite(ms)) throw new Invalid('badTime', { field, value: short(v) });
  if (ms < ctx.oldest || ms > ctx.newest) throw new Invalid('timeOutOfRange', { field, value: short(v) });
  return new Date(ms);
}

function epcOf(hex: unknown, field: string): string {
  if (typeof hex !== 'string' || !HEX.test(hex)) throw new Invalid('badEpc', { field, value: short(hex) });
  if (hex.length % 4 !== 0 || hex.length < EPC_MIN_HEX || hex.length > EPC_MAX_HEX)
    throw new Invalid('badEpc', { field, value: short(hex) });
  return hex.toUpperCase();
}

function tidOf(v: unknown, field: string): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' || !HEX.test(v) || v.length % 4 !== 0 || v.length > TID_MAX_HEX)
    throw new Invalid('badTid', { field, value: short(v) });
  return v.toUpperCase();
}

function antennaOf(v: unknown, field: string): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 256) throw new Invalid('badAntenna', { field, value: short(v) });
  return v;
}

/** A number (or numeric string) scaled and rounded, within bounds; null when absent. */
function num(v: unknown, field: string, scale: number, min: number, max: number): number | null {
  if (v === undefined || v === null || v === '') return null;
  const x = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  const r = Math.round(x * scale);
  if (!Number.isFinite(r) || r < min || r > max) throw new Invalid('badNumber', { field, value: short(v) });
  return r;
}

/** A number to 0.01 (degrees of phase, Hz of Doppler), within ±max; null when absent. */
function hundredths(v: unknown, field: string, max: number): number | null {
  const r = num(v, field, 100, -max * 100, max * 100);
  return r === null ? null : r / 100;
}

/** Impinj `tagAccessResponses`: the data each read returned (see TagRead.memory). */
function memoryOf(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v)) throw new Invalid('badMemory', { field: 'tagAccessResponses', value: short(v) });
  const out: string[] = [];
  for (let i = 0; i < v.length && out.length < MEMORY_MAX_RESPONSES; i++) {
    const r = v[i];
    const field = `tagAccessResponses[${i}].dataHex`;
    if (!isObj(r)) throw new Invalid('badMemory', { field: `tagAccessResponses[${i}]`, value: short(r) });
    const id = typeof r.identifier === 'string' ? r.identifier.replace(/[^A-Za-z0-9_.:-]/g, '').slice(0, 32) : '';
    const data = r.dataHex;
    if (data !== undefined && data !== null && data !== '') {
      if (typeof data !== 'string' || !HEX.test(data) || data.length % 4 !== 0 || data.length > MEMORY_MAX_HEX)
        throw new Invalid('badMemory', { field, value: short(data) });
      out.push(id ? `${id}=${data.toUpperCase()}` : data.toUpperCase());
    } else if (typeof r.response === 'string' && r.response !== '' && r.response.toLowerCase() !== 'success') {
      out.push(
        `${id || (typeof r.command === 'string' ? r.command.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 16) : '') || '?'}!${r.response.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32)}`,
      );
    }
  }
  return out.length ? out.join(' ') : null;
}

const RSSI_MIN = -20_000;
const RSSI_MAX = 5_000;
const INT_MAX = 2_147_483_647;

/** An Impinj status event (a plain function: a tag read, nearly every event, creates no closure). */
function impinjStatus(
  e: Obj,
  index: number,
  ctx: Ctx,
  out: ParsedPayload,
  eventType: RfidEquipmentEventType,
  level: StatusEvent['level'],
  antenna: number | null,
  message: string,
): void {
  out.statuses.push({ index, at: timeOf(e.timestamp, ctx, 'timestamp'), eventType, level, antenna, message: message.slice(0, 500) });
}

/** Impinj: one event. */
function impinjEvent(e: Obj, index: number, ctx: Ctx, out: ParsedPayload): void {
  const type = e.eventType;
  switch (type) {
    case 'tagInventory': {
      const t = e.tagInventoryEvent;
      if (!isObj(t)) throw new Invalid('noEpc', { field: 'tagInventoryEvent' });
      let epc: string;
      if (t.epcHex !== undefined && t.epcHex !== null && t.epcHex !== '') epc = epcOf(t.epcHex, 'epcHex');
      else if (typeof t.epc === 'string' && t.epc !== '') {
        const hex = base64ToHex(t.epc);
        if (hex === undefined) throw new Invalid('badEpc', { field: 'epc', value: short(t.epc) });
        epc = epcOf(hex, 'epc');
      } else throw new Invalid('noEpc', { field: 'epc' });
      const when = t.lastSeenTime ?? t.firstSeenTime ?? e.timestamp;
      out.reads.push({
        index,
        at: timeOf(when, ctx, t.lastSeenTime !== undefined ? 'lastSeenTime' : 'timestamp'),
        epc,
        tid: tidOf(t.tidHex, 'tidHex'),
        antenna: antennaOf(t.antennaPort, 'antennaPort'),
        rssiCdbm: num(t.peakRssiCdbm, 'peakRssiCdbm', 1, RSSI_MIN, RSSI_MAX),
        frequencyKhz: num(t.frequency, 'frequency', 1, 0, INT_MAX),
        readCount: 1,
        phase: hundredths(t.phaseAngle, 'phaseAngle', 720),
        dopplerHz: hundredths(t.dopplerFrequency, 'dopplerFrequency', 1_000_000),
        memory: memoryOf(t.tagAccessResponses),
      });
      return;
    }
    case 'antennaConnected':
    case 'antennaDisconnected': {
      const d = e[`${type}Event`];
      const port = isObj(d) ? antennaOf(d.antennaPort, 'antennaPort') : null;
      impinjStatus(
        e,
        index,
        ctx,
        out,
        type,
        type === 'antennaConnected' ? 'info' : 'warn',
        port,
        isObj(d) && typeof d.antennaName === 'string' ? d.antennaName : '',
      );
      return;
    }
    case 'inventoryStatus': {
      const d = e.inventoryStatusEvent;
      impinjStatus(e, index, ctx, out, 'inventoryStatus', 'info', null, isObj(d) ? short(d.inventoryStatus ?? d) : '');
      return;
    }
    case 'inventoryTerminated': {
      const d = e.inventoryTerminatedEvent;
      impinjStatus(e, index, ctx, out, 'inventoryStatus', 'info', null, isObj(d) ? `terminated ${short(d)}` : 'terminated');
      return;
    }
    case 'overflow': {
      const d = e.overflowEvent;
      impinjStatus(e, index, ctx, out, 'overflow', 'warn', null, isObj(d) ? short(d) : '');
      return;
    }
    case 'gpiTransition': {
      const d = e.gpiTransitionEvent;
      const pin = isObj(d) ? d.gpi : undefined;
      const transition = isObj(d) && typeof d.transition === 'string' ? d.transition : '';
      impinjStatus(e, index, ctx, out, 'gpiTransition', 'info', null, `GPI ${short(pin ?? '?')} ${short(transition)}`.trim());
      if (transition.toLowerCase() === 'low-to-high') out.statuses[out.statuses.length - 1].trigger = true;
      return;
    }
    case 'diagnostic': {
      const d = e.diagnosticEvent;
      impinjStatus(e, index, ctx, out, 'status', 'info', null, `${type} ${isObj(d) ? short(d) : ''}`.trim());
      return;
    }
    default:
      // the field looked at is named, and its value quoted (a missing one says so)
      if (type === undefined || type === null || type === '') throw new Invalid('noType', { field: 'eventType' });
      throw new Invalid('unknownType', { field: 'eventType', value: JSON.stringify(short(type)) });
  }
}

const ZEBRA_TAG_TYPES = new Set(['SIMPLE', 'CUSTOM', 'TAG', 'tag', 'simple', 'custom']);

/** Zebra: one event. */
function zebraEvent(e: Obj, index: number, ctx: Ctx, out: ParsedPayload): void {
  const type = typeof e.type === 'string' ? e.type : '';
  const d = e.data;
  if (ZEBRA_TAG_TYPES.has(type) || (type === '' && isObj(d) && d.idHex !== undefined)) {
    if (!isObj(d) || d.idHex === undefined || d.idHex === null || d.idHex === '') throw new Invalid('noEpc', { field: 'idHex' });
    const reads = num(d.reads, 'reads', 1, 1, 1_000_000);
    out.reads.push({
      index,
      at: timeOf(e.timestamp, ctx, 'timestamp'),
      epc: epcOf(d.idHex, 'idHex'),
      tid: tidOf(d.TID ?? d.tid ?? d.tidHex, 'TID'),
      antenna: antennaOf(d.antenna, 'antenna'),
      rssiCdbm: num(d.peakRssi, 'peakRssi', 100, RSSI_MIN, RSSI_MAX),
      frequencyKhz: num(d.channel, 'channel', 1000, 0, INT_MAX),
      readCount: reads ?? 1,
      phase: hundredths(d.phase, 'phase', 720),
      dopplerHz: null,
      memory: null,
    });
    return;
  }
  if (type === '')
    throw e.type === undefined || e.type === null || e.type === ''
      ? new Invalid('noType', { field: 'type' })
      : new Invalid('unknownType', { field: 'type', value: JSON.stringify(short(e.type)) });
  const at = timeOf(e.timestamp, ctx, 'timestamp');
  const lower = type.toLowerCase();
  if (lower === 'heartbeat') {
    out.heartbeats++;
    return;
  }
  if (lower === 'gpi') {
    // a general-purpose input's change: {pin (or port), state (or signal): HIGH | LOW}
    const pin = isObj(d) ? (d.pin ?? d.port) : undefined;
    const state = isObj(d) ? short(d.state ?? d.signal ?? '') : '';
    out.statuses.push({
      index,
      at,
      eventType: 'gpiTransition',
      level: 'info',
      antenna: null,
      message: `GPI ${short(pin ?? '?')} ${state}`.trim(),
      ...(state.toUpperCase() === 'HIGH' ? { trigger: true } : {}),
    });
    return;
  }
  const text = isObj(d) ? short(d.description ?? d.message ?? d.reason ?? d) : short(d ?? '');
  const push = (eventType: RfidEquipmentEventType, level: StatusEvent['level'], antenna: number | null = null) =>
    out.statuses.push({ index, at, eventType, level, antenna, message: `${type} ${text}`.trim().slice(0, 500) });
  if (lower === 'errors' || lower === 'error') push('error', 'error');
  else if (lower === 'warnings' || lower === 'warning') push('status', 'warn');
  else push('status', 'info');
}

/**
 * Parses a payload of the given format into reads, status events and invalid events.
 * Throws PayloadError when the body is refused whole.
 */
export function parsePayload(format: RfidFormat, body: string, limits: ParseLimits = {}): ParsedPayload {
  const maxChars = limits.maxChars ?? INGEST_MAX_CHARS;
  if (body.length > maxChars) throw new PayloadError('tooLarge', { max: maxChars });
  const values = splitJsonEvents(body);
  const maxEvents = limits.maxEvents ?? INGEST_MAX_EVENTS;
  if (values.length > maxEvents) throw new PayloadError('tooManyEvents', { count: values.length, max: maxEvents });
  const now = limits.now ?? Date.now();
  const ctx: Ctx = { now, oldest: now - (limits.maxAgeMs ?? INGEST_MAX_AGE_MS), newest: now + (limits.maxSkewMs ?? INGEST_MAX_SKEW_MS) };
  const out: ParsedPayload = { events: values.length, reads: [], statuses: [], heartbeats: 0, invalid: [] };
  const one = format === 'impinj' ? impinjEvent : zebraEvent;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === undefined) {
      out.invalid.push({ index: i + 1, reason: 'notJson' });
      continue;
    }
    if (!isObj(v)) {
      out.invalid.push({ index: i + 1, reason: 'notObject' });
      continue;
    }
    try {
      one(v, i + 1, ctx, out);
    } catch (err) {
      if (!(err instanceof Invalid)) throw err;
      out.invalid.push({ index: i + 1, reason: err.reason, params: err.params });
    }
  }
  return out;
}
