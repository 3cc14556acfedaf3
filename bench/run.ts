// Prints latency figures for the hot session paths on the embedded database (or PostgreSQL when
// TEST_DATABASE_URL is set): login, menu tree, permission-checked list call.
import { startTestApp } from '../apps/server/test/support.js';

function stats(name: string, ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(2);
  const total = ms.reduce((a, b) => a + b, 0);
  console.log(
    `${name.padEnd(34)} n=${String(ms.length).padStart(4)}  p50=${q(0.5)} ms  p95=${q(0.95)} ms  ${(ms.length / (total / 1000)).toFixed(0)}/s`,
  );
}

async function time(n: number, fn: () => Promise<unknown>) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

const t = await startTestApp({ LOGIN_MAX_FAILURES: '1000000' });
try {
  console.log(`database: ${t.database.describe}`);
  stats('POST /api/user/login (scrypt)', await time(50, () => t.login('admin', 'admin123')));
  const token = await t.login('admin', 'admin123');
  const demo = await t.login('demo', 'demo123');
  stats(
    'POST menu/selectMenuByCurrentUserId',
    await time(300, () => t.call('POST', '/api/menu/selectMenuByCurrentUserId', { token: demo })),
  );
  stats('GET /api/user/info', await time(500, () => t.call('GET', '/api/user/info', { token })));
  stats(
    'POST dictionary showModelNotContainLeaf',
    await time(300, () => t.call('POST', '/api/dictionary/web/showModelNotContainLeaf', { token, body: {} })),
  );
  let i = 0;
  stats(
    'POST dictionary insert (+ op log)',
    await time(200, () => t.call('POST', '/api/dictionary/web/insert', { token, body: { code: `B${i++}`, name: 'bench' } })),
  );
} finally {
  await t.close();
}
