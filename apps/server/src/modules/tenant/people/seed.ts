// Demo data of the people area (the demo tenant only): roles with sensible grants, users bound to
// one store, one warehouse, one factory and one label supplier, and the tenant's parameters.
import { PARAM_TYPE, type PartyKind, USER_TYPE } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import { TenantScope } from '../../../core/tenant-scope.js';
import type { Tx } from '../../../db/client.js';
import { roleMenus, roles, tenantMenus, users } from '../../../db/schema/index.js';
import { tenantParams } from '../../../db/schema/resources.js';
import { loadMenus } from '../../general/menu/grants.js';
import { createUser } from '../../general/user/service.js';
import { seedIntegrationKeysDemo } from './integration-keys.js';
import { partyIdByCode } from './parties.js';

/**
 * What the people at the edge (a store clerk, a warehouse keeper) hold the readers for: a dashboard,
 * their site's equipment, its raw reads, EPC states, the EPC query and the lifecycle of a tag; the
 * screens scope the rows to the user's store or warehouse (partyScope).
 */
const EDGE_RFID: Record<string, string[]> = {
  'dashboard/admin': ['query'],
  'dashboard/editor': ['query'],
  'rfid/equipment': ['query'],
  // the readers' locations by name (the user's own site only)
  'tenant/location': ['query'],
  'rfid/raw-data': ['query', 'export'],
  'rfid/epc-state': ['query', 'export'],
  'label/epc-query': ['query', 'export'],
  'label/lifecycle': ['query', 'export'],
};

/** A count's buttons (store/inventory, logistics/inventory): the sheet, its moves, refresh, sync and a handheld's upload. */
const COUNT_BUTTONS = [
  'query',
  'add',
  'edit',
  'delete',
  'export',
  'start',
  'finish',
  'submit',
  'review',
  'cancelReview',
  'void',
  'refresh',
  'sync',
  'upload',
];

/** Roles: code, names, and the screens (with buttons) each grants, within what the tenant holds. */
const DEMO_ROLES: { code: string; name: string; alias: string; grants: Record<string, string[]> }[] = [
  {
    code: 'STORE_CLERK',
    name: '门店店员',
    alias: 'Store clerk',
    grants: {
      ...EDGE_RFID,
      'tenant/store': ['query'],
      // the bills coming to its store (received by their reads, confirmed by receive) and those it sends
      'store/receiving': ['query', 'export', 'receive'],
      'store/delivery': ['query', 'add', 'edit', 'delete', 'export', 'ship'],
      'tenant/goods': ['query', 'export'],
      'tenant/brand': ['query'],
      'tenant/training-doc': ['query', 'download'],
      // its store's re-tags (a new label printed for a bad one), and how its deliveries went
      'store/supplementary-bid': ['query', 'add', 'edit', 'delete', 'export', 'print', 'applyTag'],
      // the defective pieces found at its store (disposed of by the warehouse or the head office)
      'logistics/defective': ['query', 'add', 'edit', 'delete', 'export'],
      'store/report-shipment': ['query', 'export'],
      'store/report-take-delivery': ['query', 'export'],
      // the till of its store: transactions and their lines
      'store/cashier': ['query', 'export'],
      // its store's counts, from the sheet to the approval (a small store's clerk is its manager too), and their report;
      // what its store holds now (stock, refill, its book's movements), its ERP stock and difference lists
      'store/inventory': [...COUNT_BUTTONS, 'import', 'approve'],
      'store/report-stocktaking': ['query', 'export'],
      // online orders its store fulfils (picked up in store, shipped from it), and those shipped to it or returned at it
      'store/o2o-delivery': ['query', 'export', 'accept', 'ship', 'ready', 'handover', 'reject'],
      'store/o2o-receiving': ['query', 'export', 'receive', 'handover', 'inspect', 'refuse'],
      // its store's fitting rooms: the area, cabins and rules, the sessions and raw reads, what was tried and bought
      'smart-store/archive': ['query', 'edit', 'export'],
      'smart-store/data': ['query', 'export'],
      'smart-store/raw-data': ['query', 'export'],
      'smart-store/top': ['query', 'export'],
      'smart-store/trend': ['query', 'export'],
      'smart-store/turnover': ['query', 'export'],
      'smart-store/statistics': ['query', 'export'],
    },
  },
  {
    code: 'WAREHOUSE_KEEPER',
    name: '仓库管理员',
    alias: 'Warehouse keeper',
    grants: {
      ...EDGE_RFID,
      'tenant/warehouse': ['query', 'edit'],
      // the zones of its warehouse (docks, storage, pack stations …) its readers bind to
      'warehouse/management': ['query', 'add', 'edit'],
      // the bills its warehouse sends and receives, and the ASNs it imports from a factory's spreadsheet
      'warehouse/bill': ['query', 'add', 'edit', 'export', 'ship', 'cancel', 'importAsn'],
      // its bills' cartons, checked as they pass its dock tunnels, and what each carries
      'warehouse/box': ['query', 'export', 'print'],
      'warehouse/receiving-check': ['query', 'export', 'review', 'hold', 'reread', 'putAway'],
      'logistics/asn-binding': ['query', 'export'],
      // its receipts finished and reviewed (or zero-cleared)
      'warehouse/goods-received': ['query', 'export', 'receive'],
      'logistics/receipt-review': ['query', 'export', 'review', 'zeroClear'],
      // its receipts' quality inspections (a failed lot returned to its vendor)
      'warehouse/receiving-qi': ['query', 'add', 'edit', 'delete', 'export', 'submit', 'reset', 'readSample'],
      'logistics/quality-inspection': ['query', 'export', 'submit', 'reset', 'rollback'],
      // its shipments: the cartons certified at its pack stations, reviewed and audited; loading read at its dock-out gates, shipped
      'logistics/packing': ['query', 'export', 'review', 'audit', 'cancelReview', 'reset'],
      'logistics/scattered': ['query', 'export', 'review'],
      'logistics/shipment-review': ['query', 'export', 'review', 'audit', 'void'],
      // its received cartons picked for a spot check, re-read by handheld and reviewed (passed or failed)
      'logistics/spot-check': ['query', 'export', 'review'],
      // its futures bills: the forward-order goods coming in, and the stores they go on to
      'logistics/futures': ['query', 'add', 'edit', 'export', 'cancel'],
      // its warehouse's online orders (picked and packed by their reads at its e-commerce area, shipped) and their returns
      'logistics/ecom-delivery': ['query', 'add', 'edit', 'delete', 'export', 'accept', 'ship', 'deliver', 'reject', 'cancel'],
      'logistics/ecom-return': ['query', 'add', 'edit', 'delete', 'export', 'receive', 'inspect', 'refuse'],
      // the defective pieces found at its warehouse (quality inspection, returns) and their disposal;
      // its pieces' new labels printed (a bad label's EPC decommissioned, the new one commissioned)
      'logistics/defective': ['query', 'add', 'edit', 'delete', 'export', 'dispose'],
      'logistics/label-reprint': ['query', 'add', 'edit', 'delete', 'export', 'print', 'applyTag'],
      // who may do what at its warehouse (kept by the administrator), and the log of its documents' moves
      'warehouse/permission': ['query'],
      'warehouse/log': ['query', 'export'],
      // its warehouse's counts
      'logistics/inventory': [...COUNT_BUTTONS],
      // its handhelds' sessions: upload one as a file, review or reject it
      'warehouse/pad-review': ['query', 'export', 'review', 'reject', 'upload'],
      // the abnormal labels found at its warehouse (unknown and foreign EPCs in cartons, an EPC at two sites)
      'warehouse/abnormal-label': ['query', 'export', 'handle', 'clear', 'retag'],
      // its warehouse's ERP stock and difference lists (store/inventory → Differences)
      'store/inventory': ['query', 'add', 'edit', 'delete', 'import', 'approve', 'export'],
      // how its shipments to the stores went (sent vs received, in transit, reliability)
      'store/report-shipment': ['query', 'export'],
      'store/report-take-delivery': ['query', 'export'],
      'tenant/goods': ['query', 'export'],
      'tenant/brand': ['query'],
      'tenant/equipment': ['query'],
      'tenant/training-doc': ['query', 'download'],
    },
  },
  {
    code: 'PARTNER',
    name: '供应链协作方',
    alias: 'Supply partner',
    grants: {
      'tenant/factory': ['query'],
      'tenant/label-supplier': ['query'],
      'tenant/goods': ['query'],
      'tenant/brand': ['query'],
      'tenant/training-doc': ['query', 'download'],
    },
  },
  {
    code: 'LABEL_PARTNER',
    name: '标签供应商',
    alias: 'Label supplier',
    grants: {
      'tenant/label-supplier': ['query'],
      'tenant/goods': ['query'],
      'tenant/brand': ['query'],
      'tenant/training-doc': ['query', 'download'],
      'supply/label-order': ['query', 'export', 'accept', 'reject', 'prepare', 'produce', 'complete', 'ship'],
      'label/sketch': ['query', 'add', 'edit', 'delete', 'upload', 'download'],
      'label/print-task': ['query', 'add', 'edit', 'delete', 'export', 'download', 'confirm', 'print', 'complete', 'cancel'],
      'label/receive-send': ['query', 'export', 'ship'],
      'label/tid-binding': ['query', 'bind', 'import', 'export'],
      'label/binding-record': ['query', 'export'],
      'label/epc-query': ['query', 'export'],
      'label/template-clothing': ['query'],
      'label/sample-card': ['query'],
    },
  },
];

/** Users bound to a party (password demo1234): login name, alias, role, party kind and code. */
export const DEMO_PARTY_USERS: { username: string; alias: string; role: string; kind: PartyKind; party: string }[] = [
  { username: 'store01', alias: '静安店 店员', role: 'STORE_CLERK', kind: 'store', party: 'ST001' },
  { username: 'wh01', alias: '华东仓 仓管', role: 'WAREHOUSE_KEEPER', kind: 'warehouse', party: 'WH01' },
  { username: 'factory01', alias: '一号工厂 跟单', role: 'PARTNER', kind: 'factory', party: 'FA01' },
  { username: 'supplier01', alias: '标签供应商 业务', role: 'LABEL_PARTNER', kind: 'labelSupplier', party: 'LS01' },
];
export const DEMO_PARTY_PASSWORD = 'demo1234';

/** Parameters beyond the declaration's seed rows. */
const DEMO_PARAMS = [
  { module: 'label', code: 'DEFAULT_EPC_RULE', name: '默认 EPC 编码规则', valueType: PARAM_TYPE.TEXT, value: 'SGTIN-96', unit: '' },
  {
    module: 'label',
    code: 'LABEL_PRINT_DPI',
    name: '标签打印分辨率',
    valueType: PARAM_TYPE.OPTION,
    value: '300',
    unit: 'dpi',
    options: [
      { code: '203', name: '203 dpi' },
      { code: '300', name: '300 dpi' },
    ],
  },
  { module: 'label', code: 'LABEL_LOSS_RATIO', name: '标签损耗率', valueType: PARAM_TYPE.DECIMAL, value: '3', unit: '%' },
  { module: 'receiving', code: 'RECEIVE_OVER_ALLOWED', name: '允许超量收货', valueType: PARAM_TYPE.YES_NO, value: '0', unit: '' },
  { module: 'inventory', code: 'COUNT_AUTO_ADJUST', name: '盘点差异自动调账', valueType: PARAM_TYPE.YES_NO, value: '0', unit: '' },
  { module: 'store', code: 'REPLENISH_DAYS', name: '门店补货周期', valueType: PARAM_TYPE.INT, value: '7', unit: '天' },
];

export async function seedPeopleDemo(tx: Tx, tenant: { id: number; code: string }): Promise<void> {
  const scope = new TenantScope(tx, tenant.id);
  const { screens } = await loadMenus(tx);
  const menuOf = new Map([...screens.values()].map((s) => [s.component, s.id]));
  const held = new Map((await scope.select(tenantMenus)).map((g) => [g.menuId, new Set(g.actions)]));
  const roleIds = new Map<string, number>();
  for (const r of DEMO_ROLES) {
    const [role] = await scope.insert(roles, { code: r.code, name: r.name, alias: r.alias });
    roleIds.set(r.code, role.id);
    const grants = Object.entries(r.grants).flatMap(([component, actions]) => {
      const menuId = menuOf.get(component);
      const can = menuId === undefined ? undefined : held.get(menuId);
      return menuId !== undefined && can ? [{ roleId: role.id, menuId, actions: actions.filter((a) => can.has(a)) }] : [];
    });
    if (grants.length) await scope.insert(roleMenus, grants);
  }
  for (const u of DEMO_PARTY_USERS) {
    const user = await createUser(tx, tenant.id, tenant.code, {
      username: u.username,
      password: DEMO_PARTY_PASSWORD,
      userType: USER_TYPE.TENANT_USER,
      aliasName: u.alias,
      roleIds: [roleIds.get(u.role)!],
    });
    const partyId = await partyIdByCode(tx, tenant.id, u.kind, u.party).catch(() => undefined);
    if (partyId !== undefined) await scope.update(users, { partyKind: u.kind, partyId }, eq(users.id, user.id));
  }
  await tx.insert(tenantParams).values(DEMO_PARAMS.map((p) => ({ options: [], ...p, tenantId: tenant.id })));
  await seedIntegrationKeysDemo(tx, tenant.id);
}
