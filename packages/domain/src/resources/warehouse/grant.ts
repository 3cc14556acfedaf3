import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { f } from '../../resource/fields.js';
import { WMS_OPS } from './enums.js';

const isIdList = (v: unknown) => Array.isArray(v) && v.length <= 500 && v.every((x) => Number.isSafeInteger(x) && (x as number) > 0);
const isOpList = (v: unknown) =>
  Array.isArray(v) && v.length > 0 && v.every((x) => (WMS_OPS as readonly unknown[]).includes(x)) && new Set(v).size === v.length;

/** Zones: a list of zone ids (none: every zone of the warehouse); ops: at least one, each a WmsOp once. */
const grantRule = (d: Record<string, unknown>) => [
  ...(d.zoneIds !== undefined && d.zoneIds !== null && !isIdList(d.zoneIds) ? [{ path: ['zoneIds'], message: 'wms.badZones' }] : []),
  ...(!isOpList(d.ops) ? [{ path: ['ops'], message: 'validation.required' }] : []),
];

/**
 * Warehouse permission (E14 of ../shared/operations.md): what a user may do at a warehouse — the
 * zones it works in and the operations (receive, QI, pack, ship, count, review, audit, zero-clear).
 * A user bound to a warehouse moves that warehouse's documents only with a grant holding the move's
 * operation (the server's requireWmsGrant); users of the whole tenant need none. A warehouse's user
 * sees its warehouse's grants.
 */
export const wmsGrantResource = defineResource({
  code: 'warehouse/permission',
  names: L('仓库权限', '倉庫權限', 'Warehouse permission'),
  owner: 'tenant',
  table: 'wms_grants',
  // a grant has no name of its own: its remark (the console names it by its user and warehouse)
  titleField: 'remark',
  defaultSort: { field: 'userId', order: 'asc' },
  // assign (a new grant) is the add button, edit changes one, delete takes it back
  crud: ['query', 'add', 'edit', 'delete'],
  // (as a list: the field the server requires, given a keeper's own warehouse when left blank, as a bill's ends)
  partyScope: { warehouse: ['siteId'] },
  rules: [grantRule],
  fields: {
    userId: f.ref('tenant/user', 'username', {
      label: L('用户', '使用者', 'User'),
      search: 'eq',
      sort: true,
      width: 140,
      onDelete: 'cascade',
    }),
    // required, the server says (a warehouse's user leaving it blank gets its own warehouse)
    siteId: f.ref('tenant/warehouse', 'name', {
      label: L('仓库', '倉庫', 'Warehouse'),
      required: false,
      search: 'eq',
      width: 170,
      onDelete: 'cascade',
    }),
    zoneIds: f.json({ label: L('库区', '庫區', 'Zones'), list: true, exported: false, width: 180 }),
    ops: f.json({ label: L('操作权限', '操作權限', 'Operations'), required: true, list: true, exported: false, width: 320 }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, list: false }),
  },
  // the generic proofs' grants: every operation, every zone (the user and warehouse are the proofs' refs)
  sample: () => ({ ops: [...WMS_OPS], zoneIds: [] }),
});
