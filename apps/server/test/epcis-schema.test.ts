/**
 * The lifecycle's EPCIS documents against GS1's published EPCIS 2.0 JSON schema (fixtures/epcis,
 * validated with ajv): every business step, disposition and transaction type the platform can
 * write is a CBV value the schema lists, and every document the server serves for the demo tags —
 * their seeded lifecycle (encoding, commissioning, a journey through a warehouse and a store, a
 * sale, a return), a clearing, an order's withdrawal, the RFID presence changes of every kind, and
 * an event of every type (Object, Aggregation ADD and DELETE, Transaction, Association, one declared
 * in error) — is valid, each eventID its canonical event hash.
 */
import {
  BIZ_STEPS,
  BIZ_TRANSACTION_TYPES,
  DISPOSITIONS,
  ERROR_REASONS,
  eventHash,
  makeSscc,
  SOURCE_DEST_TYPES,
  ssccUri,
} from '@tagloom/domain';
import { PRESENCE_CHANGES, SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { tenants } from '../src/db/schema/index.js';
import { demoTid } from '../src/modules/label/tags/seed.js';
import { placeOf, recordTagEvent, siteParties, type TagEventInput, withdrawOrderTags } from '../src/modules/label/tags/store.js';
import { cbvOf, recordPresenceEvents } from '../src/modules/rfid/state/lifecycle.js';
import { problems, schema } from './epcis-validate.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: documents are read loosely
type Row = Record<string, any>;

/** The enum of a definition of the schema (its anyOf's string branch). */
const cbv = (name: string): string[] => (schema.definitions[name].anyOf as Row[]).find((b) => b.enum)!.enum;

describe('CBV values', () => {
  it('lists every business step, disposition and transaction type the platform writes among GS1’s CBV 2.0 values', () => {
    expect(BIZ_STEPS.filter((s) => !cbv('bizStep').includes(s))).toEqual([]);
    expect(DISPOSITIONS.filter((d) => !cbv('disposition').includes(d))).toEqual([]);
    expect(BIZ_TRANSACTION_TYPES.filter((b) => !cbv('bizTransaction-type').includes(b))).toEqual([]);
    expect(SOURCE_DEST_TYPES.filter((b) => !cbv('source-dest-type').includes(b))).toEqual([]);
    expect(ERROR_REASONS.filter((b) => !cbv('error-reason').includes(b))).toEqual([]);
  });

  it('lets the one writer of lifecycle events (recordTagEvent) take the listed CBV values only: the compiler refuses others', () => {
    // checked by tsc (npx tsc -p apps/server): each line below must not compile
    // @ts-expect-error: CBV has no business step "returning"
    const step: TagEventInput['bizStep'] = 'returning';
    // @ts-expect-error: nor the disposition "sold" (it is retail_sold)
    const disposition: TagEventInput['disposition'] = 'sold';
    // @ts-expect-error: nor the business transaction type "order"
    const transaction: NonNullable<TagEventInput['bizTransactions']>[number]['type'] = 'order';
    for (const [value, name] of [
      [step, 'bizStep'],
      [disposition, 'disposition'],
      [transaction, 'bizTransaction-type'],
    ] as const)
      expect(cbv(name)).not.toContain(value);
  });

  it('maps every RFID presence change to CBV values: a return is receiving, disposition returned', () => {
    for (const kind of PRESENCE_CHANGES)
      for (const scene of Object.values(SCENE_TYPE)) {
        const { bizStep, disposition } = cbvOf(kind, scene);
        expect(cbv('bizStep'), `${kind} at scene ${scene}`).toContain(bizStep);
        expect(cbv('disposition'), `${kind} at scene ${scene}`).toContain(disposition);
        expect(BIZ_STEPS).toContain(bizStep);
        expect(DISPOSITIONS).toContain(disposition);
      }
    expect(cbvOf('returned', SCENE_TYPE.GENERAL)).toEqual({ bizStep: 'receiving', disposition: 'returned' });
  });
});

describe(`EPCIS documents on ${DRIVER}`, () => {
  let t: TestApp;
  let demo: string;
  let tenantId: number;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await t.login('demo', 'demo123');
    [{ id: tenantId }] = await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO'));
  });
  afterAll(() => t?.close());

  const documentOf = async (epc: string) => {
    const r = await t.call('GET', `/api/label/lifecycle/epcis?epc=${epc}`, { token: demo });
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toMatch(/^application\/ld\+json/);
    return r.body as Row;
  };
  const epcOfTid = async (n: number) =>
    (await queryRows<{ epc: string }>(t.ctx.db, sql`select epc from label_tags where tenant_id = ${tenantId} and tid = ${demoTid(n)}`))[0]
      .epc;

  it('rejects what the schema rejects: a document whose event says "returning"', async () => {
    const doc = await documentOf(await epcOfTid(1));
    expect(problems(doc)).toEqual([]);
    const bad = structuredClone(doc);
    bad.epcisBody.eventList[0].bizStep = 'returning';
    expect(problems(bad).length).toBeGreaterThan(0);
  });

  it('serves valid documents for the demo tags: the seeded lifecycle with its sale and return, and tags of other orders', async () => {
    const steps = new Set<string>();
    for (const n of [1, 2, 3, 4, 5, 9, 17]) {
      const doc = await documentOf(await epcOfTid(n));
      expect(problems(doc), `demo tag ${n}`).toEqual([]);
      for (const e of doc.epcisBody.eventList as Row[]) steps.add(`${e.bizStep}/${e.disposition}`);
    }
    expect([...steps]).toEqual(
      expect.arrayContaining([
        'encoding/encoded',
        'commissioning/active',
        'receiving/in_progress',
        'storing/available',
        'shipping/in_transit',
        'retail_selling/retail_sold',
        'receiving/returned',
      ]),
    );
  });

  it('serves valid documents after a clearing, an order’s withdrawal and RFID presence changes of every kind', async () => {
    // clearing a demo tag (decommissioning, DELETE)
    const cleared = await epcOfTid(6);
    expect((await t.call('POST', '/api/label/clear-tag/clear', { token: demo, body: { epcs: [cleared] } })).status).toBe(200);
    const afterClear = await documentOf(cleared);
    expect(afterClear.epcisBody.eventList.at(-1)).toMatchObject({ action: 'DELETE', bizStep: 'decommissioning' });
    expect(problems(afterClear)).toEqual([]);
    // an order's withdrawal (Reset EPC: a whole-order DELETE), read from one of its withdrawn EPCs
    const [order] = await queryRows<{ id: number; epc: string }>(
      t.ctx.db,
      sql`select order_id::int as id, min(epc) as epc from label_tags where tenant_id = ${tenantId} and tid = ''
          group by order_id order by order_id desc limit 1`,
    );
    await t.ctx.db.transaction((tx) => withdrawOrderTags(tx, { tenantId, orderId: order.id }));
    const withdrawn = await documentOf(order.epc);
    expect(withdrawn.epcisBody.eventList.at(-1)).toMatchObject({ action: 'DELETE', bizStep: 'decommissioning' });
    expect(problems(withdrawn)).toEqual([]);
    // RFID presence changes of every kind at every scene type, at a place with a GLN and at one without
    const places = await queryRows<{ id: number; gln: string }>(
      t.ctx.db,
      sql`select id::int as id, gln from locations where tenant_id = ${tenantId} and code in ('ST002', 'HQ01') order by code`,
    );
    await t.ctx.db.execute(sql`update locations set gln = '' where tenant_id = ${tenantId} and id = ${places[0].id}`);
    const epc = await epcOfTid(7);
    const base = Date.now() - 3_600_000;
    const changes = PRESENCE_CHANGES.flatMap((kind, i) =>
      Object.values(SCENE_TYPE).flatMap((sceneType, j) =>
        places.map((p, k) => ({
          kind,
          at: base + (i * 100 + j * 10 + k) * 1000,
          locationId: p.id,
          equipment: k ? 'HH-ST002' : 'a reader/with?odd chars',
          sceneType,
          epc,
        })),
      ),
    );
    const written = await t.ctx.db.transaction((tx) => recordPresenceEvents(tx, tenantId, changes, 'rfid'));
    expect(written).toBe(changes.length);
    const doc = await documentOf(epc);
    expect(doc.epcisBody.eventList.length).toBeGreaterThanOrEqual(changes.length);
    expect(problems(doc)).toEqual([]);
  });

  it('serves every event type valid: Object, Aggregation ADD and DELETE, Transaction, Association, one declared in error', async () => {
    const epc = await epcOfTid(8);
    const [wh] = await queryRows<{ id: number }>(
      t.ctx.db,
      sql`select id::int as id from locations where tenant_id = ${tenantId} and code = 'WH01'`,
    );
    const sscc = makeSscc('0614141', 424242);
    const base = Date.now() - 600_000;
    const at = (s: number) => new Date(base + s * 1000);
    await t.ctx.db.transaction(async (tx) => {
      const place = await placeOf(tx, tenantId, wh.id);
      const parties = siteParties(place);
      const common = { tenantId, locationId: wh.id, source: 'test' } as const;
      await recordTagEvent(
        tx,
        {
          ...common,
          eventTime: at(1),
          eventType: 'AggregationEvent',
          action: 'ADD',
          bizStep: 'packing',
          disposition: 'in_progress',
          parentId: sscc,
          epcs: [epc],
        },
        place,
      );
      await recordTagEvent(
        tx,
        {
          ...common,
          eventTime: at(2),
          eventType: 'TransactionEvent',
          action: 'ADD',
          bizStep: 'shipping',
          disposition: 'in_transit',
          parentId: sscc,
          epcs: [epc],
          bizTransactions: [{ type: 'desadv', id: 'BL-TEST-1' }],
          sources: parties,
          destinations: [{ type: 'possessing_party', id: 'urn:epc:id:pgln:0614141.00002' }],
        },
        place,
      );
      await recordTagEvent(
        tx,
        {
          ...common,
          eventTime: at(3),
          action: 'OBSERVE',
          bizStep: 'receiving',
          disposition: 'in_progress',
          epcs: [epc],
          quantities: [{ epcClass: 'urn:epc:idpat:sgtin:0614141.107346.*', quantity: 2, uom: 'EA' }],
        },
        place,
      );
      await recordTagEvent(
        tx,
        {
          ...common,
          eventTime: at(4),
          eventType: 'AggregationEvent',
          action: 'DELETE',
          bizStep: 'unpacking',
          disposition: 'in_progress',
          parentId: sscc,
          epcs: [epc],
        },
        place,
      );
      await recordTagEvent(
        tx,
        {
          ...common,
          eventTime: at(5),
          eventType: 'AssociationEvent',
          action: 'ADD',
          bizStep: 'storing',
          disposition: 'available',
          parentId: 'urn:epc:id:grai:0614141.12345.400',
          epcs: [epc],
        },
        place,
      );
      await recordTagEvent(
        tx,
        {
          ...common,
          eventTime: at(6),
          action: 'OBSERVE',
          bizStep: 'inspecting',
          epcs: [epc],
          errorDeclaration: { declarationTime: at(7), reason: 'incorrect_data' },
        },
        place,
      );
    });
    const doc = await documentOf(epc);
    expect(problems(doc)).toEqual([]);
    const events = (doc.epcisBody.eventList as Row[]).slice(-6);
    expect(events.map((e) => `${e.type}/${e.action}`)).toEqual([
      'AggregationEvent/ADD',
      'TransactionEvent/ADD',
      'ObjectEvent/OBSERVE',
      'AggregationEvent/DELETE',
      'AssociationEvent/ADD',
      'ObjectEvent/OBSERVE',
    ]);
    expect(events[0]).toMatchObject({ parentID: ssccUri(sscc), childEPCs: [expect.stringMatching(/^urn:epc:id:sgtin:/)] });
    expect(events[0].epcList).toBeUndefined();
    expect(events[1]).toMatchObject({ parentID: ssccUri(sscc), bizTransactionList: [{ type: 'desadv' }] });
    expect(events[1].sourceList.map((x: Row) => x.type)).toEqual(['owning_party', 'location']);
    expect(events[2].quantityList).toEqual([{ epcClass: 'urn:epc:idpat:sgtin:0614141.107346.*', quantity: 2, uom: 'EA' }]);
    expect(events[5].errorDeclaration).toMatchObject({ reason: 'incorrect_data' });
    // each ID is the canonical hash of the event as served (an error declaration leaves it as it was)
    for (const e of events) expect(e.eventID).toBe(eventHash(e));
    expect(new Set(events.map((e) => e.eventID)).size).toBe(6);
    // the schema refuses an aggregation that names no children
    const bad = structuredClone(doc);
    delete bad.epcisBody.eventList.at(-6).childEPCs;
    expect(problems(bad).length).toBeGreaterThan(0);
  });
});
