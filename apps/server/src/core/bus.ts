import type { Logger } from 'pino';
import type { Database } from '../db/client.js';

const CHANNEL = 'tagloom_bus';

/**
 * Cache invalidation across server processes: emit() sends NOTIFY, every process (this one too)
 * runs the handlers of that topic. Per-process caches register here and hold nothing else.
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

  on(topic: string, handler: () => void): void {
    const set = this.handlers.get(topic) ?? new Set();
    this.handlers.set(topic, set);
    set.add(handler);
  }

  /** Run locally at once, and tell the other processes. */
  async emit(topic: string): Promise<void> {
    this.dispatch(topic);
    await this.database.notify(CHANNEL, topic).catch((err) => this.log.warn({ err, topic }, 'NOTIFY failed'));
  }

  private dispatch(topic: string): void {
    for (const h of this.handlers.get(topic) ?? []) h();
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
      v = this.load(key);
      v.catch(() => this.map.delete(key));
      this.map.set(key, v);
    }
    return v;
  }
}
