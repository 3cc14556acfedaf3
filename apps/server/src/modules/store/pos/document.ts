/**
 * The till's transaction document as a POS posts it (`POST /api/store/pos/transactions`): Nedap's
 * sell / return event shape — `identifiers` (epc_hex, epc_uri, gs1_elementstring), `biz_location`,
 * `read_point`, `timestamp` — with the transaction's number, kind, cashier, currency and its lines
 * and prices. At most POS_MAX_LINES lines a document: a larger basket is posted as several
 * documents (each its own txn no.). Its fields' labels name them in refusals.
 */
import { normalizeHex, POS_MAX_LINES, sgtin96Hex } from '@tagloom/domain';
import { z } from 'zod';
import { EPC_ANY, fromCatalog } from '../../rfid/state/routes.js';

export const IDENTIFIER_TYPES = ['epc_hex', 'epc_uri', 'gs1_elementstring'] as const;
export const POS_TYPES = ['sale', 'return', 'exchange'] as const;

const FIELDS = [
  'txn_no',
  'type',
  'timestamp',
  'biz_location',
  'read_point',
  'cashier',
  'currency',
  'eas',
  'lines',
  'identifiers',
  'value',
  'gtin',
  'sku',
  'qty',
  'unit_price',
  'discount',
  'original_txn_no',
] as const;
/** The labels of the document's fields (pos.api.*), a line's fields also inside the lines list. */
export const POS_FIELD_LABELS = Object.fromEntries(FIELDS.map((f) => [f, fromCatalog(`pos.api.${f}`)]));
for (const k of ['identifiers', 'type', 'value', 'gtin', 'sku', 'qty', 'unit_price', 'discount', 'original_txn_no'])
  POS_FIELD_LABELS[`lines.${k}`] = POS_FIELD_LABELS[k];

const text = (max: number) => z.string().trim().min(1).max(max);
const money = () => z.number().min(0).max(9_999_999.99);

/** `urn:epc:id:sgtin:CP.IR.SERIAL` or `urn:epc:tag:sgtin-96:F.CP.IR.SERIAL`. */
const SGTIN_URI = /^urn:epc:(?:id:sgtin:|tag:sgtin-96:([0-7])\.)(\d{6,12})\.(\d{1,7})\.(\d{1,12})$/i;
/** `(01)GTIN(21)SERIAL`, or the same without parentheses. */
const ELEMENT_STRING = /^(?:\(01\)(\d{14})\(21\)(\d{1,12})|01(\d{14})21(\d{1,12}))$/;

/**
 * The EPC hex an identifier can be: one for epc_hex and a tag URI, one per filter value (0–7) for a
 * pure-identity URI or an element string (the registry says which is the tenant's tag); empty when
 * it is no SGTIN-96 EPC. `companyPrefixLength` reads an element string (the tenant's coding rule's).
 */
export function epcCandidates(id: { type: (typeof IDENTIFIER_TYPES)[number]; value: string }, companyPrefixLength = 7): string[] {
  const v = id.value.trim();
  if (id.type === 'epc_hex') return EPC_ANY.test(normalizeHex(v)) ? [normalizeHex(v)] : [];
  let gtin: string;
  let serial: string;
  let cpl = companyPrefixLength;
  let filters = [0, 1, 2, 3, 4, 5, 6, 7];
  if (id.type === 'epc_uri') {
    const m = SGTIN_URI.exec(v);
    if (!m || m[2].length + m[3].length !== 13) return [];
    const [, filter, cp, ir, s] = m;
    cpl = cp.length;
    gtin = `${ir[0]}${cp}${ir.slice(1)}`;
    gtin += String(checkDigit(gtin));
    serial = s;
    if (filter !== undefined) filters = [Number(filter)];
  } else {
    const m = ELEMENT_STRING.exec(v);
    if (!m) return [];
    gtin = m[1] ?? m[3];
    serial = m[2] ?? m[4];
  }
  if (serial.length > 1 && serial.startsWith('0')) return [];
  const n = Number(serial);
  if (!Number.isSafeInteger(n) || n > 2 ** 38 - 1) return [];
  try {
    return filters.map((f) => sgtin96Hex(gtin, cpl, f, n));
  } catch {
    return [];
  }
}

function checkDigit(body13: string): number {
  let sum = 0;
  for (let i = 0; i < body13.length; i++) sum += Number(body13[body13.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

const identifier = z
  .object({ type: z.enum(IDENTIFIER_TYPES), value: z.string().trim().min(1).max(128) })
  .refine((i) => epcCandidates(i).length > 0, { message: 'pos.badIdentifier', path: ['value'] });

const line = z
  .object({
    identifiers: z.array(identifier).max(1).optional(),
    gtin: z
      .string()
      .trim()
      .regex(/^\d{8,14}$/, { message: 'pos.badGtin' })
      .optional(),
    sku: z.string().trim().min(1).max(64).optional(),
    qty: z
      .number()
      .int()
      .min(-9999)
      .max(9999)
      .refine((q) => q !== 0, { message: 'pos.zeroQty' }),
    unit_price: money(),
    discount: money().optional(),
    original_txn_no: z.string().trim().max(64).optional(),
  })
  .superRefine((l, ctx) => {
    const tagged = !!l.identifiers?.length;
    if (tagged && Math.abs(l.qty) !== 1) ctx.addIssue({ code: 'custom', path: ['qty'], message: 'pos.taggedQty' });
    if (!tagged && !l.gtin && !l.sku) ctx.addIssue({ code: 'custom', path: ['sku'], message: 'pos.untaggedSku' });
    if ((l.discount ?? 0) > l.unit_price * Math.abs(l.qty))
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'pos.discountOver' });
  });

/** A POS's transaction document (see the file's comment). */
export const posDocument = z
  .object({
    txn_no: text(64).regex(/^[\w.:/-]+$/, { message: 'pos.badTxnNo' }),
    type: z.enum(POS_TYPES),
    timestamp: z.iso.datetime({ offset: true }),
    biz_location: text(128),
    read_point: z.string().trim().max(64).optional(),
    cashier: z.string().trim().max(64).optional(),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, { message: 'pos.badCurrency' })
      .optional(),
    eas: z.enum(['done', 'failed']).optional(),
    lines: z.array(line).min(1).max(POS_MAX_LINES),
  })
  .superRefine((d, ctx) => {
    d.lines.forEach((l, i) => {
      if (d.type === 'sale' && l.qty < 0) ctx.addIssue({ code: 'custom', path: ['lines', i, 'qty'], message: 'pos.saleQty' });
      if (d.type === 'return' && l.qty > 0) ctx.addIssue({ code: 'custom', path: ['lines', i, 'qty'], message: 'pos.returnQty' });
    });
    const at = Date.parse(d.timestamp);
    if (!Number.isNaN(at) && (at > Date.now() + 86_400_000 || at < Date.now() - 366 * 86_400_000))
      ctx.addIssue({ code: 'custom', path: ['timestamp'], message: 'pos.timeRange' });
  });

export type PosDocument = z.infer<typeof posDocument>;
