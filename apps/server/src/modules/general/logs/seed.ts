import type { Tx } from '../../../db/client.js';
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
