/**
 * The till's routes: a POS posts its transactions with its device key; store/cashier lists them
 * (the feed's list and export) and opens one with its lines. A user bound to a store reaches its
 * store's transactions only.
 */
import { LOCATION_KIND, type PosKind, posFeed } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { fieldRefusal, notFound } from '../../../core/errors.js';
import { feedRoutes } from '../../../core/feed/routes.js';
import { FeedService } from '../../../core/feed/service.js';
import { partyRefCondition } from '../../../core/party.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { placeOf } from '../../label/tags/index.js';
import { pgTextArray } from '../../rfid/state/fold-data.js';
import { epcCandidates, POS_FIELD_LABELS, type PosDocument, posDocument } from './document.js';
import { POS_DOC, type PosLineInput, postTransaction, transactionLines } from './post.js';
import { posTransactions } from './tables.js';

const KIND: Record<PosDocument['type'], PosKind> = { sale: 'SALE', return: 'RETURN', exchange: 'EXCHANGE' };

const txn = z.object({
  id: z.number(),
  txnNo: z.string(),
  storeId: z.number(),
  storeCode: z.string(),
  posCode: z.string(),
  kind: z.number().describe('PosKind: 1 sale, 2 return, 3 exchange'),
  at: z.string(),
  currency: z.string(),
  total: z.string().describe('Σ line amounts, 2 decimals (a return negative)'),
  lineCount: z.number(),
  eas: z.number().describe('PosEas: 1 done, 2 failed'),
  source: z.number().describe('PosSource: 1 POS API, 2 POS reader'),
  eventIds: z.array(z.number()),
});
const lineOut = z.object({
  lineNo: z.number(),
  skuId: z.number().nullable(),
  skuCode: z.string(),
  epc: z.string().nullable(),
  qty: z.number(),
  unitPrice: z.string(),
  discount: z.string(),
  amount: z.string(),
  originalTxnNo: z.string(),
});

/** The store a document's biz_location names: a store's code or GLN (SGLN), or one of its zones'. */
async function storeOf(tx: Tx, tenantId: number, bizLocation: string): Promise<number | undefined> {
  const sgln = /^urn:epc:id:sgln:(\d+)\.(\d+)\.[^.]*$/.exec(bizLocation);
  const gln = sgln ? `${sgln[1]}${sgln[2]}` : '';
  const rows = await queryRows<{ site: string | number; kind: number }>(
    tx,
    sql`select coalesce(l.site_id, l.id) as site, s.kind from locations l
          join locations s on s.tenant_id = l.tenant_id and s.id = coalesce(l.site_id, l.id)
         where l.tenant_id = ${tenantId} and (l.code = ${bizLocation} ${gln ? sql`or left(l.gln, 12) = ${gln}` : sql``})
         order by (l.code = ${bizLocation}) desc limit 1`,
  );
  const r = rows[0];
  return r && Number(r.kind) === LOCATION_KIND.STORE ? Number(r.site) : undefined;
}

/** Turns a checked document into the transaction to post (store, SKUs, EPCs resolved); refusals name the field. */
async function resolve(
  tx: Tx,
  tenantId: number,
  device: string,
  doc: PosDocument,
  lang: Parameters<typeof fieldRefusal>[3],
): Promise<Parameters<typeof postTransaction>[2]> {
  const refuse = (key: string, message: string, params: Record<string, unknown> = {}) =>
    fieldRefusal({ key, label: POS_FIELD_LABELS[key.split('.').at(-1)!] }, message, params, lang);
  const storeId = await storeOf(tx, tenantId, doc.biz_location);
  if (storeId === undefined) throw refuse('biz_location', 'pos.unknownStore', { value: doc.biz_location });
  // a POS bound to a place posts for its own store only
  const [bound] = await queryRows<{ site: string | number | null }>(
    tx,
    sql`select coalesce(l.site_id, l.id) as site from equipment e join locations l on l.tenant_id = e.tenant_id and l.id = e.location_id
         where e.tenant_id = ${tenantId} and e.equipment_coding = ${device}`,
  );
  if (bound?.site != null && Number(bound.site) !== storeId) throw refuse('biz_location', 'pos.otherStore', { value: doc.biz_location });

  // EPCs: each identifier's candidates, the one the registry holds (else the first: an unknown tag)
  const cpl = (await placeOf(tx, tenantId)).companyPrefixLength;
  const candidates = doc.lines.map((l) => (l.identifiers?.[0] ? epcCandidates(l.identifiers[0], cpl) : []));
  const all = [...new Set(candidates.flat())];
  const known = new Set(
    all.length
      ? (
          await queryRows<{ epc: string }>(
            tx,
            sql`select epc from label_tags where tenant_id = ${tenantId} and epc = any(${pgTextArray(all)}::text[])`,
          )
        ).map((r) => r.epc)
      : [],
  );
  // SKUs of the untagged lines, by GTIN or SKU barcode
  const codes = [...new Set(doc.lines.flatMap((l) => [l.gtin, l.sku]).filter((c): c is string => !!c))];
  const skus = new Map<string, number>();
  if (codes.length)
    for (const r of await queryRows<{ id: string | number; gtin: string; code: string }>(
      tx,
      sql`select id, gtin, sku_barcode as code from goods_skus
           where tenant_id = ${tenantId} and (gtin = any(${pgTextArray(codes)}::text[]) or sku_barcode = any(${pgTextArray(codes)}::text[]))`,
    )) {
      if (r.gtin) skus.set(r.gtin, Number(r.id));
      skus.set(r.code, Number(r.id));
    }
  const lines: PosLineInput[] = doc.lines.map((l, i) => {
    const c = candidates[i];
    const epc = c.length ? (c.find((e) => known.has(e)) ?? c[0]) : null;
    let skuId: number | null = null;
    const code = l.gtin ?? l.sku;
    if (code) {
      skuId = skus.get(code) ?? skus.get(code.padStart(14, '0')) ?? null;
      if (skuId === null && !epc) throw refuse(`lines.${i}.${l.gtin ? 'gtin' : 'sku'}`, 'pos.unknownSku', { value: code, row: i + 1 });
    }
    return {
      epc,
      skuId,
      qty: l.qty,
      unitPrice: l.unit_price,
      discount: l.discount ?? 0,
      originalTxnNo: l.original_txn_no ?? '',
    };
  });
  const epcs = lines.map((l) => l.epc).filter(Boolean);
  if (new Set(epcs).size !== epcs.length) {
    const i = lines.findIndex((l, j) => l.epc && lines.findIndex((m) => m.epc === l.epc) !== j);
    throw refuse(`lines.${i}.identifiers`, 'pos.epcTwice', { row: i + 1 });
  }
  return {
    txnNo: doc.txn_no,
    storeId,
    posCode: doc.read_point || device,
    cashier: doc.cashier ?? '',
    kind: KIND[doc.type],
    at: new Date(doc.timestamp),
    currency: doc.currency ?? 'CNY',
    source: 'API',
    easOk: doc.eas !== 'failed',
    lines,
  };
}

export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;
  const feed = new FeedService(db, posFeed, posTransactions, {
    scope: (session) => partyRefCondition(posTransactions.storeId, 'tenant/location', session),
  });
  await app.register(feedRoutes(feed));

  app.post(
    '/store/pos/transactions',
    {
      // 1,000 lines of about 250 characters
      bodyLimit: 1024 * 1024,
      config: { access: 'device', fieldLabels: POS_FIELD_LABELS },
      schema: {
        tags: ['store/cashier'],
        summary:
          "A POS's transaction (operations.md §6 E11), authenticated by the POS's device key (x-device-key): Nedap's sell/return shape — biz_location (the store's code or SGLN, or one of its zones'), read_point (the POS; default the device's code), timestamp (ISO 8601 with offset) — plus txn_no, type sale | return | exchange, cashier, currency, eas (whether the POS's EAS step worked) and lines: a tagged piece by identifiers [{type: epc_hex | epc_uri | gs1_elementstring, value}] and qty ±1, an untagged one by gtin or sku and qty; qty + sold, − returned; unit_price, discount (the line's). At most 1,000 lines a document: post a larger basket as several documents. A sale sells the tags (presence sold, tag SOLD, the book −1), a return brings them back to the store's stock room (+1); both record lifecycle events (bizTransaction inv = txn_no). Idempotent by (store, txn_no): the same post again changes nothing and answers the first result (duplicate: true)",
        body: posDocument,
        response: { 200: envelope(z.object({ txn, duplicate: z.boolean() })) },
      },
    },
    async (req, reply) => {
      const device = req.device!;
      const out = await db.transaction(async (tx) =>
        postTransaction(tx, device.tenantId, await resolve(tx, device.tenantId, device.deviceCode, req.body, req.lang)),
      );
      return reply.ok(out);
    },
  );

  app.get(
    '/store/pos/transactions/:id',
    {
      config: { access: { screen: posFeed.code, action: 'query' } },
      schema: {
        tags: ['store/cashier'],
        summary: "A transaction and its lines (the drawer of store/cashier); `at`: its time as the list gives it (the row's partition)",
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        querystring: z.object({ at: z.iso.datetime({ offset: true }) }),
        response: { 200: envelope(z.object({ txn: z.record(z.string(), z.unknown()), lines: z.array(lineOut) })) },
      },
    },
    async (req, reply) => {
      const session = req.session!;
      const at = new Date(req.query.at);
      const [row] = await db
        .select()
        .from(posTransactions)
        .where(
          and(
            eq(posTransactions.tenantId, session.tenantId),
            eq(posTransactions.createdAt, at),
            eq(posTransactions.id, req.params.id),
            partyRefCondition(posTransactions.storeId, 'tenant/location', session),
          ),
        );
      if (!row) throw notFound('pos.title');
      return reply.ok({ txn: row, lines: await transactionLines(db, session.tenantId, row.id, row.createdAt) });
    },
  );
};

export { POS_DOC };
