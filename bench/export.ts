// Prints how long a large Excel export takes and how much memory it needs: N tenant groups
// (default 200,000; EXPORT_ROWS overrides) exported through the API as a streamed .xlsx.
import { sql } from 'drizzle-orm';
import { startTestApp } from '../apps/server/test/support.js';

const N = Number(process.env.EXPORT_ROWS ?? 200_000);
const t = await startTestApp();
try {
  console.log(`database: ${t.database.describe}`);
  const t0 = performance.now();
  await t.ctx.db.execute(
    sql.raw(
      `insert into tenant_groups (code, name, rfid, status, remark)
       select 'G' || g, 'Group ' || g, g % 2, 1, 'bench row ' || g from generate_series(1, ${N}) g`,
    ),
  );
  console.log(`seeded ${N} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const token = await t.login('admin', 'admin123');
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t1 = performance.now();
  let firstByte = 0;
  let bytes = 0;
  // through a real socket, as a browser reads it (inject would buffer the whole answer)
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  const http = await fetch(`http://127.0.0.1:${address.port}/api/general/tenant-group/export`, {
    method: 'POST',
    headers: { token, langeType: 'en_US', 'content-type': 'application/json' },
    body: '{}',
  });
  const t2 = performance.now();
  for await (const chunk of http.body!) {
    if (!firstByte) firstByte = performance.now() - t2;
    bytes += (chunk as Uint8Array).length;
  }
  clearInterval(timer);
  const secs = (performance.now() - t1) / 1000;
  console.log(
    `export ${N} rows: ${(bytes / 1024 / 1024).toFixed(1)} MB .xlsx in ${secs.toFixed(1)} s (${Math.round(N / secs)} rows/s), first byte after ${firstByte.toFixed(0)} ms, RSS +${((peak - rss0) / 1024 / 1024).toFixed(0)} MB at peak`,
  );
} finally {
  await t.close();
}
