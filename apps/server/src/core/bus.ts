import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { type Database, LISTENER_RECONNECTED } from '../db/client.js';
import { outsideBackground } from '../db/lanes.js';

/** The NOTIFY channel (database triggers name it too: migration 0038). */
const CHANNEL = 'tagloom_bus';

/**
 * Cache invalidation across server processes: emit() sends NOTIFY, every process (this one too)
 * runs the handlers of that topic; database triggers send some topics themselves, at commit.
 * Per-process caches register here and hold nothing else.
 */
export class Bus {
  private handlers = new Map<string, Set<() => void>>();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, (topic) => this.dispatch(topic));
  }

  on(topic: string, handler: () => void): () => void {
    const set = this.handlers.get(topic) ?? new Set();
    this.handlers.set(topic, set);
    set.add(handler);
    return () => {
      set.delete(handler);
      if (!set.size) this.handlers.delete(topic);
    };
  }

  /** Run locally at once, and tell the other processes. */
  async emit(topic: string): Promise<void> {
    this.dispatch(topic);
    await this.database.notify(CHANNEL, topic).catch((err) => this.log.warn({ err, topic }, 'NOTIFY failed'));
  }

  /**
   * Resolves once this process has run the handlers of every notification committed before the
   * call (the database delivers a channel's notifications in commit order): a change made by SQL
   * outside the server's own writes, as a test makes it, has then reached this process's caches.
   */
  async sync(): Promise<void> {
    const marker = `sync:${randomUUID()}`;
    let off = () => {};
    const arrived = new Promise<void>((resolve) => {
      off = this.on(marker, resolve);
    });
    try {
      await this.database.notify(CHANNEL, marker);
      await arrived;
    } finally {
      off();
    }
  }

  private dispatch(topic: string): void {
    // after a reconnect notifications may have been missed: every topic fires
    const topics = topic === LISTENER_RECONNECTED ? [...this.handlers.keys()] : [topic];
    // a job's emit wakes what serves requests (sockets, caches): not background work (db/lanes.ts)
    for (const t of topics) for (const h of [...(this.handlers.get(t) ?? [])]) outsideBackground(h);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }
}

/** A value loaded on first use and dropped whenever its bus topic fires. */
export class Cached<K, V> {
  private map = new Map<K, Promise<V>>();
  constructor(
    bus: Bus,
    topic: string,
    private readonly load: (key: K) => Promise<V>,
    private readonly max = 5000,
  ) {
    bus.on(topic, () => this.map.clear());
  }
  get(key: K): Promise<V> {
    let v = this.map.get(key);
    if (!v) {
      if (this.map.size >= this.max) this.map.clear();
      // requests await it, whoever asked first (db/lanes.ts)
      v = outsideBackground(() => this.load(key));
      v.catch(() => this.map.delete(key));
      this.map.set(key, v);
    }
    return v;
  }
}
