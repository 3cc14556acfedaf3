/**
 * The readers' MQTT path: with MQTT_URL set, every server process subscribes (QoS 1, one shared
 * subscription `$share/<group>/<prefix>/#`, so the processes of the group split the messages) to
 * the topics `<prefix>/<tenantCode>/<equipmentCoding>/<impinj|zebra>[/<deviceToken>]` and feeds each
 * message to the same pipeline as the HTTP routes.
 *
 * - A persistent session (clean: false, MQTT 5 session expiry, a client id stable across restarts):
 *   what readers publish while the server is down is delivered when it is back. Mosquitto 2.0.11
 *   loses a session's SHARED subscription when the broker restarts (the session comes back
 *   without it until the server subscribes again): MQTT_SHARED=0 subscribes plainly instead, which
 *   survives broker restarts (with several processes, each then gets every message, stored once).
 * - The device credential travels in an MQTT 5 user property `authorization: Bearer <token>`, or,
 *   for readers whose MQTT settings offer only a topic (Impinj R700, Zebra IoT Connector), as the
 *   topic's last level. It must be the key of the topic's device (tenant and equipment coding),
 *   else the message is refused: logged, counted, and acknowledged so the broker does not resend
 *   it forever.
 * - A reader over its ingestion quota (or its tenant's, ../ingest/quota.ts) is refused like an
 *   unreadable payload: acknowledged and dropped (MQTT has no 429), counted here (`refused`), and
 *   counted and logged by the pipeline (equipment log `rateLimited`, the operator's panel).
 * - The PUBACK is sent only after the pipeline committed (mqtt.js `customHandleAcks`). On a
 *   database error nothing is acknowledged and the connection is dropped after a backoff: the
 *   broker resends what was not acknowledged when the session resumes, and the pipeline's
 *   de-duplication (batch key: MQTT 5 correlation data, a user property `batchId`, else the
 *   body's SHA-256) stores a resent message once.
 */
import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { MqttConfig } from '../../../config.js';
import type { DeviceIdentity } from '../../../core/feed/device-keys.js';

export type ReaderFormat = 'impinj' | 'zebra';
export const READER_FORMATS: readonly ReaderFormat[] = ['impinj', 'zebra'];

/** Why a message is refused (acknowledged and dropped): a message key of the `mqtt` catalog part. */
export type RefusalReason =
  | 'rfid.mqtt.refused.topic'
  | 'rfid.mqtt.refused.noToken'
  | 'rfid.mqtt.refused.badToken'
  | 'rfid.mqtt.refused.otherDevice'
  | 'rfid.mqtt.refused.payload'
  | 'rfid.mqtt.refused.rateLimited';

/** A message the subscriber took apart: where it claims to come from and what it carries. */
export interface MqttReaderMessage {
  topic: string;
  tenantCode: string;
  equipmentCoding: string;
  format: ReaderFormat;
  body: string;
  /** the sender's batch id (undefined: the pipeline keys the batch by its content hash, as on HTTP) */
  batchKey: string | undefined;
}

/** What the subscriber needs from the rest of the server (the pipeline, the device keys). */
export interface MqttIngestDeps {
  /** the device whose key this is (any tenant), or undefined for an unknown or revoked key */
  deviceOfToken(token: string): Promise<DeviceIdentity | undefined>;
  /** the code of a tenant, by id */
  tenantCodeOf(tenantId: number): Promise<string | undefined>;
  /** the pipeline: parse, de-duplicate, store, fold, all in one transaction; resolves after commit */
  ingest(device: DeviceIdentity, format: ReaderFormat, body: string, meta: { transport: 'mqtt'; batchKey?: string }): Promise<unknown>;
  /** a message refused for a known device (wrong token for the topic, unreadable payload), to show in its reports */
  recordRefused?(device: DeviceIdentity, msg: MqttReaderMessage, reason: RefusalReason): Promise<void>;
  /** whether an error of `ingest` is the message's own fault (acknowledge and drop) rather than the server's (resend) */
  isPermanent?(err: unknown): boolean;
  /**
   * whether an error of `ingest` is a refusal over the reader's or its tenant's quota: acknowledged
   * and dropped like a bad payload (there is no 429 to send back; the pipeline counted it and writes
   * it to the equipment log), rather than left for the broker to resend at once
   */
  isRateLimited?(err: unknown): boolean;
}

/** The subscriber's state, for /api/health and the logs. */
export interface MqttStatus {
  connected: boolean;
  /** messages stored (including those the pipeline found to be resends) */
  stored: number;
  refused: number;
  /** messages left unacknowledged for the broker to resend (database errors) */
  failed: number;
  lastError: string | null;
  since: string | null;
}

const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

class Refused extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly device?: DeviceIdentity,
  ) {
    super(reason);
  }
}

/** The last level of the topic when it is a token (a 4th level after the format). */
function splitTopic(prefix: string, topic: string): { tenantCode: string; equipmentCoding: string; format: ReaderFormat; token?: string } {
  if (!topic.startsWith(`${prefix}/`)) throw new Refused('rfid.mqtt.refused.topic');
  const levels = topic.slice(prefix.length + 1).split('/');
  if (levels.length !== 3 && levels.length !== 4) throw new Refused('rfid.mqtt.refused.topic');
  const [tenantCode, equipmentCoding, format, token] = levels;
  if (!tenantCode || !equipmentCoding || !READER_FORMATS.includes(format as ReaderFormat)) throw new Refused('rfid.mqtt.refused.topic');
  return { tenantCode, equipmentCoding, format: format as ReaderFormat, token: token || undefined };
}

/** A user property's value (mqtt-packet gives repeated properties as an array), by case-insensitive name. */
function userProperty(packet: IPublishPacket, name: string): string | undefined {
  const props = packet.properties?.userProperties;
  if (!props) return undefined;
  for (const [k, v] of Object.entries(props)) {
    if (k.toLowerCase() !== name) continue;
    const value = Array.isArray(v) ? v[0] : v;
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

const PRINTABLE = /^[\x21-\x7e]{1,200}$/;

/**
 * The message's batch key: its MQTT 5 correlation data, else a user property `batchId`, else
 * undefined (the pipeline then keys it by the body's SHA-256, as it does an HTTP post without one).
 */
export function batchKeyOf(packet: IPublishPacket): string | undefined {
  const correlation = packet.properties?.correlationData;
  if (correlation && correlation.length > 0) {
    const text = correlation.toString('utf8');
    return PRINTABLE.test(text) ? text : `hex:${correlation.toString('hex').slice(0, 200)}`;
  }
  const batchId = userProperty(packet, 'batchid')?.trim();
  if (batchId && batchId.length <= 200) return batchId;
  return undefined;
}

export class MqttIngest {
  private client: MqttClient | undefined;
  private stopping = false;
  /** set on a database error: later messages are not taken until the connection is renewed */
  private failing = false;
  private backoffMs = BACKOFF_MIN_MS;
  private inFlight: Promise<void> = Promise.resolve();
  private readonly state: MqttStatus = { connected: false, stored: 0, refused: 0, failed: 0, lastError: null, since: null };
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly config: MqttConfig,
    private readonly deps: MqttIngestDeps,
    private readonly log: Logger,
  ) {}

  status(): MqttStatus {
    return { ...this.state };
  }

  /** the topic filter this process subscribes to */
  get subscription(): string {
    const topics = `${this.config.topicPrefix}/#`;
    return this.config.shared ? `$share/${this.config.group}/${topics}` : topics;
  }

  /** Connects (and keeps reconnecting with backoff); resolves at once, the state says when it is connected. */
  start(): void {
    if (this.client) return;
    const options: IClientOptions = {
      clientId: this.config.clientId,
      protocolVersion: 5,
      clean: false,
      properties: { sessionExpiryInterval: this.config.sessionExpirySeconds },
      username: this.config.username,
      password: this.config.password,
      reconnectPeriod: BACKOFF_MIN_MS,
      connectTimeout: 10_000,
      resubscribe: false,
      customHandleAcks: (topic, message, packet, done) => this.onMessage(topic, message, packet, done),
    };
    const client = mqtt.connect(this.config.url, options);
    this.client = client;
    client.on('connect', (connack) => {
      this.failing = false;
      this.backoffMs = BACKOFF_MIN_MS;
      client.options.reconnectPeriod = BACKOFF_MIN_MS;
      this.log.info({ clientId: this.config.clientId, sessionPresent: connack.sessionPresent }, 'mqtt: connected');
      // a resumed session keeps its subscription and the messages queued for it; subscribing again
      // is harmless and covers a changed group or prefix. Connected = subscribed.
      client.subscribe(this.subscription, { qos: 1 }, (err, granted) => {
        if (err || granted?.some((g) => g.qos !== 1)) {
          this.state.lastError = err?.message ?? `subscription refused: ${JSON.stringify(granted)}`;
          this.log.error({ subscription: this.subscription, granted }, `mqtt: ${this.state.lastError}`);
          return;
        }
        this.setConnected(true);
      });
    });
    client.on('close', () => {
      if (this.state.connected) this.log.warn('mqtt: disconnected');
      this.setConnected(false);
    });
    client.on('reconnect', () => {
      // backoff: each failed attempt doubles the wait, up to 30 s
      this.backoffMs = Math.min(this.backoffMs * 2, BACKOFF_MAX_MS);
      client.options.reconnectPeriod = this.backoffMs;
    });
    client.on('error', (err) => {
      this.state.lastError = err.message;
      this.log.warn({ err: err.message }, 'mqtt: client error');
    });
  }

  /** Graceful: take no more messages, let the one in flight commit and be acknowledged, then disconnect. */
  async stop(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.stopping = true;
    await this.inFlight;
    this.setConnected(false);
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => client.end(true, {}, () => resolve()), 5000);
      client.end(false, {}, () => {
        clearTimeout(force);
        resolve();
      });
    });
    this.client = undefined;
    this.log.info('mqtt: stopped (the broker keeps the session and queues for it)');
  }

  /** Resolves when the subscriber is (or becomes) connected and subscribed, or rejects after `timeoutMs`. */
  async connected(timeoutMs = 20_000): Promise<void> {
    if (this.state.connected) return;
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => {
        this.waiters.delete(ok);
        reject(new Error(`mqtt: not connected after ${timeoutMs} ms (${this.state.lastError ?? 'no error'})`));
      }, timeoutMs);
      const ok = () => {
        clearTimeout(t);
        resolve();
      };
      this.waiters.add(ok);
    });
  }

  private setConnected(up: boolean) {
    if (this.state.connected === up) return;
    this.state.connected = up;
    this.state.since = new Date().toISOString();
    if (up) {
      for (const w of this.waiters) w();
      this.waiters.clear();
    }
  }

  /**
   * mqtt.js hands over each QoS 1 message here, one at a time; `done(0)` sends the PUBACK. Not
   * calling it (stopping, or after a database error) leaves the message with the broker, which
   * resends it when this session reconnects.
   */
  private onMessage(topic: string, payload: Buffer, packet: IPublishPacket, done: (err: Error | number, code?: number) => void) {
    if (this.stopping || this.failing) return;
    const work = this.handle(topic, payload, packet).then(
      () => done(0),
      (err: unknown) => this.onFailure(err),
    );
    this.inFlight = work;
  }

  private async handle(topic: string, payload: Buffer, packet: IPublishPacket): Promise<void> {
    let msg: MqttReaderMessage | undefined;
    try {
      const where = splitTopic(this.config.topicPrefix, topic);
      msg = { topic, ...where, body: payload.toString('utf8'), batchKey: batchKeyOf(packet) };
      const token = bearer(userProperty(packet, 'authorization')) ?? where.token;
      if (!token) throw new Refused('rfid.mqtt.refused.noToken');
      const device = await this.deps.deviceOfToken(token);
      if (!device) throw new Refused('rfid.mqtt.refused.badToken');
      const tenantCode = await this.deps.tenantCodeOf(device.tenantId);
      if (tenantCode !== where.tenantCode || device.deviceCode !== where.equipmentCoding)
        throw new Refused('rfid.mqtt.refused.otherDevice', device);
      try {
        await this.deps.ingest(device, where.format, msg.body, { transport: 'mqtt', batchKey: msg.batchKey });
      } catch (err) {
        if (this.deps.isRateLimited?.(err)) throw new Refused('rfid.mqtt.refused.rateLimited', device);
        if (this.deps.isPermanent?.(err)) throw new Refused('rfid.mqtt.refused.payload', device);
        throw err;
      }
      this.state.stored++;
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      this.state.refused++;
      // the token is never logged; the topic's last level may be one
      this.log.warn(
        {
          topic: msg ? `${this.config.topicPrefix}/${msg.tenantCode}/${msg.equipmentCoding}/${msg.format}` : '(unreadable)',
          reason: err.reason,
        },
        'mqtt: message refused',
      );
      if (err.device && msg && this.deps.recordRefused) await this.deps.recordRefused(err.device, msg, err.reason);
    }
  }

  /** A database error: leave the message unacknowledged, and after a backoff renew the connection so the broker resends it. */
  private onFailure(err: unknown) {
    this.state.failed++;
    this.state.lastError = (err as Error)?.message ?? String(err);
    this.log.error({ err: this.state.lastError }, 'mqtt: message not stored; the broker will resend it');
    if (this.failing || this.stopping) return;
    this.failing = true;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, BACKOFF_MAX_MS);
    setTimeout(() => {
      if (this.stopping || !this.client) return;
      // drop the connection (no DISCONNECT: the session and its unacknowledged messages stay); mqtt.js reconnects
      this.client.stream?.destroy();
    }, wait).unref();
  }
}

/** `Bearer <token>` → the token. */
function bearer(value: string | undefined): string | undefined {
  const m = value?.match(/^\s*Bearer\s+(\S+)\s*$/i);
  return m?.[1];
}
