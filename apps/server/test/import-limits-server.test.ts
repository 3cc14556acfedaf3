/**
 * The sheet worker under the real server (node --import tsx apps/server/src/main.ts): a worker
 * thread does not inherit the loader the server runs under, so this is where its boot is proven.
 * The server starts on a copy of the run's seeded template (test/template.ts) on the suite's database
 * (PGlite: the dump loaded into its DATA_DIR; PostgreSQL: a database made from the template
 * database), so that it neither migrates nor seeds; SEED_DEMO=0 keeps it from playing the demo's day of
 * reads at its first start. Run alone (no template), it seeds the platform only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningServer, startServer } from '../../../e2e/support/server.js';
import { openPglite } from '../src/db/client.js';
import { HEADER, message, NO_DIMENSION, patchedSheet, URL_IMPORT, workbook } from './import-limits-sheets.js';
import { DRIVER, type ServerTemplate } from './support.js';

/** The server's database, copied from the run's template: its environment, and how to drop it. */
async function templateCopy(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  let tpl: ServerTemplate | undefined;
  try {
    tpl = inject('serverTemplate');
  } catch {
    tpl = undefined;
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (admin && tpl?.pgTemplate) {
    const name = `tl_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const run = async (statement: string) => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(statement);
      await c.end();
    };
    await run(`CREATE DATABASE ${name} TEMPLATE ${tpl.pgTemplate}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString(), ADMIN_PASSWORD: 'admin123', SEED_DEMO: '0' },
      drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'tagloom-import-server-'));
  const dataDir = path.join(dir, 'db');
  if (!admin && tpl?.pgliteFile) {
    const database = await openPglite(dataDir, { load: new Blob([readFileSync(tpl.pgliteFile)]) });
    await database.close();
  }
  // startServer removes DATA_DIR when it stops; its parent goes here
  return { env: { DATA_DIR: dataDir, SEED_DEMO: '0' }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

describe(`the sheet worker under the real server (node --import tsx apps/server/src/main.ts) on ${DRIVER}`, () => {
  let server: RunningServer;
  let token: string;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await templateCopy();
    drop = database.drop;
    server = await startServer({ WEB_DIST: '/nonexistent-web-dist', ...database.env });
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    token = (await login.json()).data.token;
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  const upload = (file: Buffer, name = 'x.xlsx') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    return fetch(`${server.url}${URL_IMPORT}?wait=1`, { method: 'POST', headers: { token, langeType: 'en_US' }, body: form });
  };

  it('imports a normal file and refuses the XFD1048576 probe, answering /api/health meanwhile', async () => {
    const ok = await upload(workbook([HEADER, ['SRV1', 'Served one', 'Enabled']]));
    expect(await ok.json()).toMatchObject({ code: 200, data: { total: 1, inserted: 1 } });
    const probe = patchedSheet([HEADER], (xml) =>
      xml.replace('</sheetData>', '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>').replace(NO_DIMENSION, ''),
    );
    const order: string[] = [];
    const pending = upload(probe).then(async (res) => {
      order.push('import');
      return { status: res.status, body: await res.json() };
    });
    const health = await fetch(`${server.url}/api/health`);
    order.push('health');
    expect(health.status).toBe(200);
    const refused = await pending;
    expect(order).toEqual(['health', 'import']);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(message('en_US', 'importTooManyColumns', { columns: '16,384', last: 'XFD', max: '200' }));
  });
});
