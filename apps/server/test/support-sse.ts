/** A console-like reader of the server's event streams for the tests (rfid live, the receiving check's live panel). */

export interface SseEvent {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: the events of a test stream, read field by field
  data: any;
}

/** A console-like SSE reader: fetch with the session header, events parsed as they stream in. */
export async function openSse(base: string, path: string, token: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}${path}`, { headers: { token }, signal: ctrl.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    (async () => {
      const reader = res.body!.getReader();
      const dec = new TextDecoder();
      let buf = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event) events.push({ event, data: data ? JSON.parse(data) : null });
            for (const w of waiters) w();
          }
        }
      } catch {
        // aborted
      }
      ended = true;
      for (const w of waiters) w();
    })();
  }
  return {
    res,
    events,
    get ended() {
      return ended;
    },
    /** resolves with the first event matching, as soon as it arrives (rejects after 30 s: a loaded 2-core machine runs two suites side by side) */
    waitFor(pred: (e: SseEvent) => boolean): Promise<SseEvent> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.find(pred);
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          } else if (ended) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`stream ended; got ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such event; got ${JSON.stringify(events)}`));
        }, 30_000);
        waiters.add(check);
        check();
      });
    },
    waitEnded(): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (ended) {
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        check();
      });
    },
    close: () => ctrl.abort(),
  };
}
