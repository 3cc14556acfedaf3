import { L } from '../../lang.js';
import { defineResource } from '../../resource/define.js';
import { cartonFields, checkListFields, looseLotMachine, outboundCartonMachine } from '../warehouse/carton.js';
import { CARTON_DIRECTION } from '../warehouse/enums.js';

/**
 * Packing review (E2 outbound, logistics/packing): the cartons a DC packs for its shipments, each
 * certified by its read at a pack station against its pick list (matched, short, over); a packed
 * box is reviewed, then audited onto its shipment; a review is cancelled (the box read again) or the
 * carton reset. A warehouse's user sees the cartons of its bills.
 */
export const outboundPackingResource = defineResource({
  code: 'logistics/packing',
  names: L('出库箱', '出庫箱', 'Outbound carton'),
  owner: 'tenant',
  table: 'wms_cartons',
  titleField: 'cartonNo',
  defaultSort: { field: 'packedAt', order: 'desc' },
  rowsOf: { code: 'warehouse/box', fixed: { direction: CARTON_DIRECTION.OUT } },
  machine: outboundCartonMachine,
  partyVia: 'billId',
  crud: ['query', 'export'],
  fields: {
    ...checkListFields,
    // a packed carton's number (a reset one's with its -R suffix) on one line
    cartonNo: { ...checkListFields.cartonNo, width: 160 },
    expectedPieces: { ...cartonFields.expectedPieces, label: L('应装', '應裝', 'Pick list') },
    // the result says short or over; the counts are back with the column settings (and the carton's EPCs)
    short: { ...cartonFields.short, hidden: true },
    over: { ...cartonFields.over, hidden: true },
    readPieces: { ...cartonFields.readPieces, hidden: undefined },
    // the pack station it was read at (with the column settings: the row's moves keep their room)
    locationId: { ...cartonFields.locationId, width: 150, label: L('装箱台', '裝箱台', 'Pack station') },
    siteId: { ...cartonFields.siteId, label: L('发货站点', '發貨據點', 'Shipping site') },
    // a bill's number on one line
    billId: { ...checkListFields.billId, width: 170 },
  },
});

/**
 * Scattered review (E2 LOOSE, logistics/scattered): the pieces a shipment sends without a carton (a
 * few pieces for a store, e-commerce singles), read together at a pack station as one loose lot per
 * bill and certified against the bill's lines that name no carton; a packed lot is reviewed (a lot
 * that does not match is read again), and ships with its shipment.
 */
export const scatteredResource = defineResource({
  code: 'logistics/scattered',
  names: L('散件批', '散件批', 'Loose lot'),
  owner: 'tenant',
  table: 'wms_cartons',
  titleField: 'cartonNo',
  defaultSort: { field: 'packedAt', order: 'desc' },
  rowsOf: { code: 'warehouse/box', fixed: { direction: CARTON_DIRECTION.LOOSE } },
  machine: looseLotMachine,
  partyVia: 'billId',
  crud: ['query', 'export'],
  fields: {
    ...checkListFields,
    cartonNo: { ...checkListFields.cartonNo, label: L('散件批号', '散件批號', 'Lot no.'), width: 170 },
    // a loose lot is no container: no SSCC to search by
    sscc: { ...checkListFields.sscc, search: undefined },
    // the result says short or over (and the lot's EPCs)
    short: { ...cartonFields.short, hidden: true },
    over: { ...cartonFields.over, hidden: true },
    billId: { ...checkListFields.billId, width: 170 },
    expectedPieces: { ...cartonFields.expectedPieces, label: L('应发', '應發', 'Pick list') },
    readPieces: { ...cartonFields.readPieces, hidden: undefined },
    locationId: { ...cartonFields.locationId, hidden: undefined, width: 150, label: L('装箱台', '裝箱台', 'Pack station') },
    siteId: { ...cartonFields.siteId, label: L('发货站点', '發貨據點', 'Shipping site') },
  },
});
