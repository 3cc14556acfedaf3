import { translate } from '@tagloom/domain';
import type { Tx } from '../../../db/client.js';
import { loginLog, operationLog, users } from '../../../db/schema/index.js';
import { writeDeviceLog, writeSyncLog } from './service.js';

const SYNC = [
  { direction: 1, system: 'ERP', businessType: '商品档案', documentNo: 'SKU-20240312-001', ok: true, message: '同步 128 条商品档案' },
  { direction: 2, system: 'WMS', businessType: '入库单', documentNo: 'RK202403120015', ok: true, message: '入库单已推送' },
  {
    direction: 1,
    system: 'ERP',
    businessType: '采购订单',
    documentNo: 'PO2024031200087',
    ok: true,
    message: '接收采购订单 1 张，明细 36 行',
  },
  { direction: 2, system: 'SAP', businessType: '盘点结果', documentNo: 'PD202403110003', ok: false, message: 'SAP 接口超时 (30000 ms)' },
  { direction: 2, system: 'WMS', businessType: '出库单', documentNo: 'CK202403120031', ok: true, message: '出库单已推送' },
  { direction: 1, system: 'LABEL', businessType: '标签订单回执', documentNo: 'LO202403100012', ok: true, message: '供应商已接单' },
  { direction: 2, system: 'ERP', businessType: '装箱单', documentNo: 'ZX202403120009', ok: false, message: '箱号 BX0009 在 ERP 中不存在' },
] as const;

const DEVICE = [
  { deviceCode: 'RD-SH-001', eventType: 'online', level: 'info', message: '读写器上线 (192.168.10.21)' },
  { deviceCode: 'RD-SH-001', eventType: 'read', level: 'info', message: '盘点读取标签 1,284 个' },
  { deviceCode: 'GATE-WH-02', eventType: 'error', level: 'error', message: '天线 3 驻波比异常' },
  { deviceCode: 'PDA-BJ-017', eventType: 'firmware', level: 'info', message: '固件升级至 v2.4.1' },
  { deviceCode: 'RD-GZ-005', eventType: 'offline', level: 'warn', message: '心跳超时 10 分钟，标记离线' },
  { deviceCode: 'PRN-SH-003', eventType: 'config', level: 'info', message: '打印浓度调整为 12' },
  { deviceCode: 'GATE-WH-02', eventType: 'online', level: 'info', message: '通道门恢复在线' },
] as const;

/** About 20 rows of each of the sync and device logs over the last six days, for the demo tenants. */
export async function seedLogDemo(db: Tx, tenantIds: number[], now = new Date()): Promise<number> {
  let n = 0;
  for (let i = 0; i < 21; i++) {
    const tenantId = tenantIds[i % tenantIds.length];
    const createdAt = new Date(now.getTime() - ((i * 6.5) / 21) * 86_400_000 - i * 97_000);
    const s = SYNC[i % SYNC.length];
    await writeSyncLog(db, {
      tenantId,
      ...s,
      documentNo: `${s.documentNo}${i >= SYNC.length ? `-${i}` : ''}`,
      durationMs: 40 + ((i * 137) % 900),
      createdAt,
    });
    const d = DEVICE[i % DEVICE.length];
    await writeDeviceLog(db, { tenantId, ...d, createdAt: new Date(createdAt.getTime() + 45_000) });
    n += 2;
  }
  return n;
}

/** [user, screen, action, method, url, target] of one operation in the demo history */
type Op = [string, string, string, string, string, string];

/** What the demo users did over the last weeks, in the order of an ordinary week's work. */
const OPERATIONS: Op[] = [
  ['admin', 'general/tenant', 'edit', 'POST', '/api/general/tenant/update', 'DEMO'],
  ['admin', 'general/role', 'edit', 'POST', '/api/general/role/update', 'AUDITOR'],
  ['admin', 'general/dictionary', 'refresh', 'POST', '/api/dictionary/web/reidsRefreshAllDicList', ''],
  ['demo', 'tenant/goods', 'import', 'POST', '/api/tenant/goods/import', 'goods-2026SS.xlsx'],
  ['demo', 'tenant/store', 'edit', 'POST', '/api/tenant/store/update', 'ST003'],
  ['demo', 'label/purchase-order', 'add', 'POST', '/api/label/purchase-order/create', 'LO-DEMO-0101'],
  ['demo', 'label/purchase-order', 'submit', 'POST', '/api/label/purchase-order/submit', 'LO-DEMO-0101'],
  ['supplier01', 'supply/label-order', 'accept', 'POST', '/api/supply/label-order/accept', 'LO-DEMO-0101'],
  ['demo', 'label/purchase-order', 'export', 'POST', '/api/label/purchase-order/export', ''],
  ['supplier01', 'supply/label-order', 'ship', 'POST', '/api/supply/label-order/ship', 'LO-DEMO-0098'],
  ['wh01', 'tenant/warehouse', 'edit', 'POST', '/api/tenant/warehouse/update', 'WH01'],
  ['demo', 'rfid/equipment', 'edit', 'POST', '/api/rfid/equipment/update', 'POS-ST001'],
  ['demo', 'tenant/user', 'add', 'POST', '/api/tenant/user/create', 'store02'],
  ['store01', 'rfid/epc-state', 'export', 'POST', '/api/rfid/epc-state/export', ''],
  ['demo', 'label/exception', 'handle', 'POST', '/api/label/exception/handle', '3034257BF400B7800004CB2F'],
  ['admin', 'general/version-web', 'add', 'POST', '/api/general/version-web/create', 'tagloom-web 3.2.0'],
];

/** Who signs in over the demo's weeks: user name, their address and browser. */
const SIGN_INS: [string, string, string][] = [
  ['admin', '10.8.0.12', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0'],
  ['demo', '10.8.2.31', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) Safari/605.1.15'],
  ['store01', '172.16.21.5', 'Mozilla/5.0 (Linux; Android 12; TL-H20) Chrome/129.0'],
  ['wh01', '172.16.40.8', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Edg/130.0'],
  ['supplier01', '58.246.17.90', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0'],
  ['auditor', '10.8.0.40', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0'],
];

/**
 * A believable history of the demo users over the last three weeks (never today, so the day's
 * counts start at zero): sign-ins on working days, one mistyped password of a partner, and the
 * operations of OPERATIONS — creates, updates, transitions, imports and exports — each after its
 * user's sign-in that day. Returns how many log rows it wrote.
 */
export async function seedHistoryDemo(db: Tx, now = new Date()): Promise<number> {
  const people = await db.select({ id: users.id, tenantId: users.tenantId, username: users.username }).from(users);
  const who = new Map(people.map((p) => [p.username, p]));
  const day = (daysAgo: number, hour: number, minute: number) => {
    const d = new Date(now.getTime() - daysAgo * 86_400_000);
    d.setHours(hour, minute, 0, 0);
    return d;
  };
  const logins: (typeof loginLog.$inferInsert)[] = [];
  const ops: (typeof operationLog.$inferInsert)[] = [];
  const success = translate('en_US', 'auth.loginSuccess');
  for (let daysAgo = 21; daysAgo >= 1; daysAgo--) {
    const weekday = day(daysAgo, 9, 0).getDay();
    if (weekday === 0 || weekday === 6) continue;
    SIGN_INS.forEach(([username, ip, userAgent], i) => {
      const u = who.get(username);
      // not everyone signs in every day
      if (!u || (daysAgo + i) % 3 === 2) return;
      logins.push({
        tenantId: u.tenantId,
        userId: u.id,
        username,
        ip,
        userAgent,
        loginType: '1',
        result: 1,
        message: success,
        createdAt: day(daysAgo, 8 + (i % 3), 5 + i * 7),
      });
    });
    if (daysAgo === 9) {
      const u = who.get('factory01');
      if (u)
        logins.push({
          tenantId: u.tenantId,
          userId: u.id,
          username: 'factory01',
          ip: '36.110.4.17',
          userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0',
          loginType: '1',
          result: 0,
          message: translate('en_US', 'auth.badCredentials'),
          createdAt: day(daysAgo, 14, 2),
        });
    }
  }
  OPERATIONS.forEach(([username, screen, action, method, url, target], i) => {
    const u = who.get(username);
    if (!u) return;
    const daysAgo = 20 - Math.round((i * 19) / (OPERATIONS.length - 1));
    ops.push({
      tenantId: u.tenantId,
      userId: u.id,
      username,
      screen,
      action,
      method,
      url,
      target,
      result: 1,
      status: 200,
      ip: SIGN_INS.find((s) => s[0] === username)?.[1] ?? '10.8.0.12',
      durationMs: 35 + ((i * 83) % 400),
      createdAt: day(daysAgo, 10 + (i % 6), 12 + ((i * 11) % 45)),
    });
  });
  if (logins.length) await db.insert(loginLog).values(logins);
  if (ops.length) await db.insert(operationLog).values(ops);
  return logins.length + ops.length;
}
