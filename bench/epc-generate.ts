import { readdirSync, readFileSync } from 'node:fs';
import { startServer } from '../e2e/support/server.js';
import { benchDatabase, keptAliveClient, loadAverage, pct } from './lib.js';

const LABELS = Number(process.env.EPC_LABELS ?? 1_000_000);
const IDLE_MS = Number(process.env.IDLE_MS ?? 3000);
const SKUS = 10;
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="60"><rect width="40" height="60" fill="#fff"/><text x="4" y="20">LM</text></svg>';

// Get EPC is measured as deployed: a throwaway PostgreSQL always syncs its writes here (BENCH_DISK=1 implied)
if (process.env.BENCH_PG === '1') process.env.BENCH_DISK = '1';
const pgServer = await benchDatabase('E2E_PG_URL');

const database = process.env.BENCH_PG_URL
  ? `PostgreSQL${pgServer ? ` (${pgServer.version}, throwaway, fsync on)` : ` at ${process.env.BENCH_PG_URL}`}`
  : 'PGlite in a data directory on disk';

console.log(`starting the server (${database}${process.env.PGLITE_WORKER === '0' ? ', PGLITE_WORKER=0: PGlite on the event loop' : ''})…`);
const server = await startServer({ WEB_DIST: '/nonexistent-web-dist', LOG_LEVEL: 'warn' });

/** The server process (found by its port) and its CPU time in seconds, from /proc (Linux; undefined elsewhere). */
const serverPid = (() => {
  const port = new URL(server.url).port;
  try {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('apps/server/src/main.ts')) continue;
        if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`PORT=${port}`)) return pid;
      } catch {
        // gone, or not ours
      }
    }
  } catch {
    // no /proc
  }
  return undefined;
})();
const cpuSeconds = () => {
  if (!serverPid) return Number.NaN;
  const f = readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, in clock ticks of 1/100 s
};
const http = keptAliveClient(server.url, 8);
const describe = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} calls)`;

try {
  const call = async (method: string, url: string, token: string | undefined, body?: unknown) => {
    const res = await http(
      method,
      url,
      {
        ...(token ? { token } : {}),
        langeType: 'en_US',
        'accept-encoding': 'gzip',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body === undefined ? undefined : JSON.stringify(body),
    );
    // biome-ignore lint/suspicious/noExplicitAny: the API's answers, read by key
    const json = JSON.parse(res.text) as { code: number; msg: string; data: any };
    if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${json.msg}`);
    return json.data;
  };
  const login = async (username: string, password: string) =>
    (await call('POST', '/api/user/login', undefined, { username, password })).token as string;
  const demo = await login('demo', 'demo123');
  const supplier = await login('supplier01', 'demo1234');
  const skus = ((await call('POST', '/api/tenant/goods-sku/list', demo, { page: 1, pageSize: 100 })).list as { id: number; gtin: string }[])
    .filter((s) => /^69\d{11}$/.test(s.gtin))
    .slice(0, SKUS);
  const suppliers = (await call('POST', '/api/tenant/label-supplier/list', demo, { page: 1, pageSize: 20, code: 'LS01' })).list as {
    id: number;
    code: string;
  }[];
  const supplierId = suppliers.find((s) => s.code === 'LS01')!.id;
  const per = Math.ceil(LABELS / skus.length);

  /** A label order of LABELS labels brought to "confirmed" through the API. */
  async function confirmedOrder(): Promise<{ id: number; code: string; labels: number }> {
    const o = await call('POST', '/api/label/purchase-order/create', demo, {
      kind: 1,
      supplierId,
      lossRatio: 0,
      lines: skus.map((s) => ({ skuId: s.id, quantity: per })),
    });
    await call('POST', '/api/label/purchase-order/submit', demo, { id: o.id });
    await call('POST', '/api/supply/label-order/accept', supplier, { id: o.id });
    const form = new FormData();
    form.append('file', new Blob([SVG]), 'hang-tag.svg');
    const up = await fetch(`${server.url}/api/label/sketch/upload?field=file`, {
      method: 'POST',
      headers: { token: supplier },
      body: form,
    });
    const file = ((await up.json()) as { data: { id: number } }).data.id;
    const sketch = await call('POST', '/api/label/sketch/create', supplier, { orderId: o.id, name: 'bench', file });
    await call('POST', '/api/label/sketch/confirm', demo, { id: sketch.id });
    await call('POST', '/api/label/purchase-order/confirm', demo, { id: o.id });
    return { id: o.id, code: o.code, labels: o.labelQuantity };
  }

  /**
   * Get EPC of an order: the time from the action to the job's end, followed as the console follows
   * it (its Server-Sent Events, `/api/jobs/{id}/events`: no request a poll, which the job would take
   * for a user waiting and so write in its shortest statements).
   */
  async function generate(order: { id: number }): Promise<number> {
    const t0 = performance.now();
    const moved = await call('POST', '/api/label/purchase-order/generateEpc', demo, { id: order.id });
    const res = await fetch(`${server.url}/api/jobs/${moved.epcJobId}/events`, { headers: { token: demo } });
    if (!res.ok || !res.body) throw new Error(`the job's events answered ${res.status}`);
    const decoder = new TextDecoder();
    let text = '';
    let last: { state: string; final: boolean; message: string } | undefined;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      for (let cut = text.indexOf('\n\n'); cut >= 0; cut = text.indexOf('\n\n')) {
        const block = text.slice(0, cut);
        text = text.slice(cut + 2);
        const data = /^event: job\ndata: (.*)$/m.exec(block)?.[1];
        if (data) last = JSON.parse(data);
        if (last?.final) {
          const took = performance.now() - t0;
          if (last.state !== 'done') throw new Error(`Get EPC ended ${last.state}: ${last.message}`);
          await res.body.cancel().catch(() => undefined);
          return took;
        }
      }
    }
    throw new Error(`the job's events ended before the job (${last?.state ?? 'no event'})`);
  }

  /** /api/health and the label orders' first page, each asked back to back until `work` settles. */
  async function probe(work: Promise<unknown>) {
    let done = false;
    void work.finally(() => {
      done = true;
    });
    const loop = async (ask: () => Promise<unknown>) => {
      const out: number[] = [];
      while (!done) {
        const t = performance.now();
        await ask();
        out.push(performance.now() - t);
      }
      return out;
    };
    const [health, list] = await Promise.all([
      loop(() => call('GET', '/api/health', undefined)),
      loop(() => call('POST', '/api/label/purchase-order/list', demo, { page: 1, pageSize: 20 })),
    ]);
    return { health, list };
  }

  console.log(`  server up, ${skus.length} SKUs of the DEMO tenant; making two orders of ${LABELS.toLocaleString('en')} labels…`);
  const [a, b] = [await confirmedOrder(), await confirmedOrder()];
  console.log(`Get EPC of ${a.labels.toLocaleString('en')} labels (${skus.length} SKUs), ${database}; load average ${loadAverage()}`);

  const cpu0 = cpuSeconds();
  const alone = await generate(a);
  console.log(
    `  1. alone: ${(alone / 1000).toFixed(2)} s (${Math.round(a.labels / (alone / 1000)).toLocaleString('en')} EPCs/s; the server's process used ${(cpuSeconds() - cpu0).toFixed(1)} s of CPU${process.env.BENCH_PG_URL ? ', PostgreSQL not counted' : ''}); load average ${loadAverage()}`,
  );

  const idle = await probe(new Promise((r) => setTimeout(r, IDLE_MS)));
  console.log(`  2. idle: /api/health ${describe(idle.health)}`);
  console.log(`           label order list ${describe(idle.list)}`);

  let during = 0;
  const busy = await probe(
    generate(b).then((ms) => {
      during = ms;
    }),
  );
  const ratio = (x: number[], y: number[]) => (pct(x, 99) / pct(y, 99)).toFixed(1);
  console.log(`  3. during Get EPC (${(during / 1000).toFixed(2)} s with the probes): /api/health ${describe(busy.health)}`);
  console.log(`           label order list ${describe(busy.list)}`);
  console.log(
    `     p99 during / idle: /api/health ${ratio(busy.health, idle.health)}×, label order list ${ratio(busy.list, idle.list)}× (goal ≤ 3×); load average ${loadAverage()}`,
  );
} finally {
  await server.stop();
  pgServer?.stop();
}
