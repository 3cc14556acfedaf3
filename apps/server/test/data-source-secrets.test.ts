/**
 * Data-source passwords never leave for a host they were not saved for, and never go out in clear
 * text or as MD5: fake PostgreSQL and MySQL servers ask for exactly that and record what they get.
 */
import net from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, roleMenus, roles } from '../src/db/schema/index.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

type PgAuth = 'cleartext' | 'md5' | { error: string; code: string };

interface Fake {
  port: number;
  /** connections accepted */
  connections: number;
  /** every byte received, all connections together */
  bytes(): Buffer;
  /** a password message ('p' for PostgreSQL, an auth-switch answer for MySQL) came in */
  passwordMessages: number;
  close(): Promise<void>;
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    server.on('error', reject);
  });
}

/** PostgreSQL's ErrorResponse: severity, SQLSTATE, message. */
function pgError(code: string, message: string): Buffer {
  const fields = Buffer.concat([Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0`, 'utf8'), Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/**
 * A fake PostgreSQL server speaking just enough of the protocol: it reads the startup message
 * (declining TLS), then asks for a clear-text or MD5 password, or answers an error at once.
 */
async function fakePostgres(auth: PgAuth): Promise<Fake> {
  const chunks: Buffer[] = [];
  const fake = { connections: 0, passwordMessages: 0 } as Fake;
  const server = net.createServer((socket) => {
    fake.connections++;
    let buf = Buffer.alloc(0);
    let started = false;
    socket.on('error', () => {});
    socket.on('data', (d) => {
      chunks.push(d);
      buf = Buffer.concat([buf, d]);
      for (;;) {
        if (!started) {
          if (buf.length < 8) return;
          const len = buf.readInt32BE(0);
          if (buf.length < len) return;
          const code = buf.readInt32BE(4);
          buf = buf.subarray(len);
          if (code === 80877103) {
            socket.write('N'); // no TLS here
            continue;
          }
          started = true;
          if (typeof auth === 'object') {
            socket.end(pgError(auth.code, auth.error));
            return;
          }
          const r = Buffer.alloc(auth === 'md5' ? 13 : 9);
          r.write('R', 0);
          r.writeInt32BE(auth === 'md5' ? 12 : 8, 1);
          r.writeInt32BE(auth === 'md5' ? 5 : 3, 5);
          if (auth === 'md5') r.write('salt', 9);
          socket.write(r);
          continue;
        }
        if (buf.length < 5) return;
        const type = String.fromCharCode(buf[0]);
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) return;
        buf = buf.subarray(len + 1);
        if (type === 'p') {
          fake.passwordMessages++;
          socket.end(pgError('28P01', 'password authentication failed'));
          return;
        }
      }
    });
  });
  fake.port = await listen(server);
  fake.bytes = () => Buffer.concat(chunks);
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}

/** One MySQL packet: 3-byte length, sequence id, payload. */
function mysqlPacket(seq: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUIntLE(payload.length, 0, 3);
  head[3] = seq;
  return Buffer.concat([head, payload]);
}

/** A fake MySQL server: its greeting names mysql_clear_password, and it switches to it after the client's answer. */
async function fakeMysqlClearText(): Promise<Fake> {
  const chunks: Buffer[] = [];
  const fake = { connections: 0, passwordMessages: 0 } as Fake;
  const server = net.createServer((socket) => {
    fake.connections++;
    let packets = 0;
    socket.on('error', () => {});
    const caps = 0x1 | 0x8 | 0x200 | 0x2000 | 0x8000 | 0x80000;
    const scramble = Buffer.from('abcdefghijklmnopqrst');
    const greeting = Buffer.concat([
      Buffer.from([10]),
      Buffer.from('8.0.36-fake\0'),
      Buffer.from([1, 0, 0, 0]),
      scramble.subarray(0, 8),
      Buffer.from([0]),
      Buffer.from([caps & 0xff, (caps >> 8) & 0xff]),
      Buffer.from([0x21]),
      Buffer.from([2, 0]),
      Buffer.from([(caps >> 16) & 0xff, (caps >> 24) & 0xff]),
      Buffer.from([21]),
      Buffer.alloc(10),
      scramble.subarray(8),
      Buffer.from([0]),
      Buffer.from('mysql_clear_password\0'),
    ]);
    socket.write(mysqlPacket(0, greeting));
    socket.on('data', (d) => {
      chunks.push(d);
      packets++;
      if (packets === 1) {
        // the handshake answer: switch to clear text
        socket.write(mysqlPacket(2, Buffer.concat([Buffer.from([0xfe]), Buffer.from('mysql_clear_password\0')])));
      } else {
        fake.passwordMessages++;
        const err = Buffer.concat([Buffer.from([0xff, 0x15, 0x04]), Buffer.from('#28000Access denied')]);
        socket.end(mysqlPacket(4, err));
      }
    });
  });
  fake.port = await listen(server);
  fake.bytes = () => Buffer.concat(chunks);
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}

describe(`data-source passwords stay with their own server, on ${DRIVER}`, () => {
  let t: TestApp;
  let admin: string;
  let auditor: string;
  const fakes: Fake[] = [];
  const SECRET = 'Stored-Secret-9431';
  let seq = 0;

  const post = (url: string, body: unknown, token = admin, lang = 'en_US') => t.call('POST', url, { token, body, lang });
  const fake = async (f: Promise<Fake>) => {
    const x = await f;
    fakes.push(x);
    return x;
  };
  const save = async (address: string, extra: Record<string, unknown> = {}) => {
    const r = await post('/api/general/data-source/create', {
      name: `SECRETS${++seq}`,
      address,
      userName: 'reader',
      password: SECRET,
      initialSize: 1,
      minIdle: 1,
      maxIdle: 2,
      maxWait: 1000,
      ...extra,
    });
    expect(r.body.msg).toBe('Saved');
    return r.body.data.id as number;
  };
  const neverGot = (f: Fake, password = SECRET) => {
    expect(f.passwordMessages).toBe(0);
    expect(f.bytes().includes(Buffer.from(password))).toBe(false);
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin', 'admin123');
    auditor = await t.login('auditor', 'auditor123');
  });
  afterAll(async () => {
    for (const f of fakes) await f.close();
    await t?.close();
  });

  it('never sends a saved password to another address, port, database or user: the test must bring its own password', async () => {
    const home = await fake(fakePostgres('cleartext'));
    const attacker = await fake(fakePostgres('cleartext'));
    const id = await save(`jdbc:postgresql://127.0.0.1:${home.port}/wms`);
    const changed = [
      { address: `jdbc:postgresql://127.0.0.1:${attacker.port}/wms` },
      { address: `127.0.0.1:${attacker.port}/wms` },
      { address: `jdbc:postgresql://localhost:${home.port}/wms` },
      { address: `jdbc:postgresql://127.0.0.1:${home.port}/other` },
      { address: `jdbc:mysql://127.0.0.1:${attacker.port}/wms` },
      { userName: 'postgres' },
      { address: `postgres://postgres@127.0.0.1:${home.port}/wms` },
    ];
    for (const over of changed) {
      const r = await post('/api/general/data-source/test', { id, ...over });
      expect([over, r.status]).toEqual([over, 400]);
      expect(r.body.msg).toBe(
        'The address, port, database or user differ from the saved data source: enter the password to test them (the saved one is only used for its own server)',
      );
      expect(r.body.data.fields).toEqual([{ field: 'password', message: expect.any(String) }]);
    }
    const tw = await post('/api/general/data-source/test', { id, userName: 'postgres' }, admin, 'zh_TW');
    expect(tw.body.msg).toMatch(/^位址、連接埠、資料庫或使用者與已儲存的資料來源不同/);
    expect(attacker.connections).toBe(0);
    expect(home.connections).toBe(0);
    neverGot(attacker);

    // with its own password the changed fields are tested, and that password is not sent in clear text either
    const own = await post('/api/general/data-source/test', { id, address: `127.0.0.1:${attacker.port}/wms`, password: 'typed-by-hand' });
    expect(own.status).toBe(400);
    expect(own.body.data.category).toBe('authMethod');
    expect(attacker.connections).toBe(1);
    neverGot(attacker);
    neverGot(attacker, 'typed-by-hand');

    // a password written into the saved address is a saved secret too
    const inAddress = await save(`postgres://reader:Embedded-7731@127.0.0.1:${home.port}/wms`, { password: '' });
    const other = await post('/api/general/data-source/test', { id: inAddress, userName: 'postgres' });
    expect(other.body.data.fields).toEqual([{ field: 'password', message: expect.any(String) }]);
    expect(home.connections).toBe(0);
  });

  it('refuses clear-text and MD5 password authentication from PostgreSQL, on a saved row and on typed fields', async () => {
    for (const method of ['cleartext', 'md5'] as const) {
      const server = await fake(fakePostgres(method));
      const id = await save(`jdbc:postgresql://127.0.0.1:${server.port}/wms`);
      const saved = await post('/api/general/data-source/test', { id });
      expect(saved.status).toBe(400);
      expect(saved.body.msg).toBe(
        'Connection failed: the server asked for the password in clear text or as MD5, which TagLoom refuses (only SCRAM authentication is used)',
      );
      expect(saved.body.data).toMatchObject({ success: false, category: 'authMethod' });
      const typed = await post('/api/general/data-source/test', {
        address: `127.0.0.1:${server.port}/wms`,
        userName: 'reader',
        password: 'typed-secret-77',
      });
      expect(typed.body.data).toMatchObject({ success: false, category: 'authMethod' });
      const tw = await post('/api/general/data-source/test', { id }, admin, 'zh_TW');
      expect(tw.body.msg).toMatch(/^連線失敗：/);
      expect(server.connections).toBe(3);
      neverGot(server);
      neverGot(server, 'typed-secret-77');
    }
  });

  it('refuses mysql_clear_password from MySQL', async () => {
    const server = await fake(fakeMysqlClearText());
    const id = await save(`jdbc:mysql://127.0.0.1:${server.port}/erp`);
    const r = await post('/api/general/data-source/test', { id });
    expect(r.status).toBe(400);
    expect(r.body.data).toMatchObject({ success: false, category: 'authMethod' });
    expect(server.connections).toBe(1);
    neverGot(server);
  });

  it("answers the failure's kind in the caller's language, never the remote server's own text", async () => {
    const cases = [
      { code: '3D000', category: 'databaseMissing', msg: 'Connection failed: the database does not exist on that server' },
      { code: '28P01', category: 'authFailed', msg: 'Connection failed: the server refused the user name or password' },
      {
        code: 'XX000',
        category: 'serverError',
        msg: 'Connection failed: the server answered with an error (the details are in the TagLoom server log)',
      },
    ];
    for (const c of cases) {
      const server = await fake(fakePostgres({ code: c.code, error: '<script>remote-controlled text 5521</script>' }));
      const r = await post('/api/general/data-source/test', { address: `127.0.0.1:${server.port}/wms`, userName: 'x', password: 'y' });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(c.msg);
      expect(r.body.data).toMatchObject({ success: false, category: c.category });
      expect(JSON.stringify(r.body)).not.toContain('5521');
    }
    const dead = await fake(fakePostgres('cleartext'));
    await dead.close();
    const r = await post('/api/general/data-source/test', { address: `127.0.0.1:${dead.port}/wms`, userName: 'x', password: 'y' });
    expect(r.body.data).toMatchObject({ success: false, category: 'unreachable' });
    expect(r.body.msg).toBe('Connection failed: nothing answers at that address and port (the server is down, or the address is wrong)');
    expect(r.body.msg).not.toContain('ECONNREFUSED');
  });

  it("needs the screen's edit button to test a saved row; the test button alone tests typed fields only", async () => {
    const server = await fake(fakePostgres('md5'));
    const id = await save(`jdbc:postgresql://127.0.0.1:${server.port}/wms`);
    const [{ id: dsMenu }] = await t.ctx.db.select({ id: menus.id }).from(menus).where(eq(menus.code, 'general/data-source'));
    const [{ id: auditorRole }] = await t.ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'AUDITOR'));
    await t.ctx.db
      .update(roleMenus)
      .set({ actions: sql`array_append(${roleMenus.actions}, 'testConnection')` })
      .where(and(eq(roleMenus.roleId, auditorRole), eq(roleMenus.menuId, dsMenu)));
    await t.ctx.bus.emit('permissions');
    const saved = await post('/api/general/data-source/test', { id }, auditor);
    expect(saved.status).toBe(403);
    expect(saved.body.msg).toBe('Testing a saved data source needs the Edit button of the data source screen');
    const typed = await post(
      '/api/general/data-source/test',
      { address: `127.0.0.1:${server.port}/wms`, userName: 'r', password: 'p1' },
      auditor,
    );
    expect(typed.body.data).toMatchObject({ success: false, category: 'authMethod' });
    expect(server.connections).toBe(1);
    neverGot(server);
  });
});
