import * as XLSX from '@e965/xlsx';
import { ENUMS, fieldSchema, RESOURCES } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_TABLES } from '../src/db/schema/index.js';
import { sampleRow } from './sample-row.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { multipart, workbook } from './uploads.js';

describe(`every declared resource on ${DRIVER}`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp();
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['auditor', 'auditor123'],
      ['demo', 'demo123'],
      ['viewer', 'viewer123'],
      ['acme', 'acme123'],
    ])
      tokens[u] = await t.login(u, p);
  });
  afterAll(() => t?.close());

  for (const def of RESOURCES) {
    const base = `/api/${def.code}`;
    const platform = def.owner === 'platform';
    const owner = () => tokens[platform ? 'admin' : 'demo'];
    const limited = () => tokens[platform ? 'auditor' : 'viewer'];
    const outsider = () => tokens[platform ? 'demo' : 'acme'];
    const count = async (token = owner()) =>
      (await t.call('POST', `${base}/list`, { token, body: { pageSize: 1 } })).body.data.total as number;

    describe(def.code, () => {
      it('lists its seeded rows and runs create, update and delete', async () => {
        const list = await t.call('POST', `${base}/list`, { token: owner(), body: { page: 1, pageSize: 50 } });
        expect(list.body.code).toBe(200);
        expect(list.body.data.total).toBeGreaterThanOrEqual(def.seed?.length ?? 0);
        const made = await t.call('POST', `${base}/create`, { token: owner(), body: sampleRow(def, 'C1') });
        expect(made.body.msg).toBeTruthy();
        expect(made.body.code).toBe(200);
        const id = made.body.data.id;
        const title = def.titleField;
        const renamed =
          typeof made.body.data[title] === 'string' ? `${String(made.body.data[title]).slice(0, 10)}X` : made.body.data[title];
        const upd = await t.call('POST', `${base}/update`, { token: owner(), body: { id, [title]: renamed } });
        expect(upd.body.code).toBe(200);
        expect((await t.call('GET', `${base}/get?id=${id}`, { token: owner() })).body.data[title]).toBe(renamed);
        const del = await t.call('POST', `${base}/delete`, { token: owner(), body: { ids: [id] } });
        expect(del.body.data.deleted).toBe(1);
        expect((await t.call('GET', `${base}/get?id=${id}`, { token: owner() })).status).toBe(404);
      });

      it("keeps another tenant's token away from its rows, guessed ids included", async () => {
        const made = await t.call('POST', `${base}/create`, { token: owner(), body: sampleRow(def, 'I1') });
        const id = made.body.data.id;
        const other = outsider();
        const list = await t.call('POST', `${base}/list`, { token: other, body: { pageSize: 500 } });
        if (platform) expect(list.status).toBe(403);
        else expect(list.body.data.list.map((r: { id: number }) => r.id)).not.toContain(id);
        for (const guess of [id, id + 1, id - 1].filter((g) => g > 0)) {
          expect((await t.call('GET', `${base}/get?id=${guess}`, { token: other })).status).toBeOneOf([403, 404]);
          expect(
            (await t.call('POST', `${base}/update`, { token: other, body: { id: guess, [def.titleField]: 'hijack' } })).status,
          ).toBeOneOf([400, 403, 404]);
          expect((await t.call('POST', `${base}/delete`, { token: other, body: { ids: [guess] } })).status).toBeOneOf([403, 404]);
        }
        const still = await t.call('GET', `${base}/get?id=${id}`, { token: owner() });
        expect(still.body.data[def.titleField]).toBe(made.body.data[def.titleField]);
      });

      it('refuses the buttons a role lacks, writing nothing', async () => {
        const before = await count();
        const token = limited();
        expect((await t.call('POST', `${base}/list`, { token, body: {} })).status).toBe(200);
        expect((await t.call('POST', `${base}/create`, { token, body: sampleRow(def, 'R1') })).status).toBe(403);
        expect((await t.call('POST', `${base}/update`, { token, body: { id: 1, [def.titleField]: 'x' } })).status).toBe(403);
        expect((await t.call('POST', `${base}/delete`, { token, body: { ids: [1] } })).status).toBe(403);
        const imp = multipart('x.xlsx', workbook([['a']]));
        expect(
          (await t.app.inject({ method: 'POST', url: `${base}/import`, headers: { ...imp.headers, token }, payload: imp.payload }))
            .statusCode,
        ).toBe(403);
        expect(await count()).toBe(before);
      });

      it('answers random bad input with a 4xx naming the field, never a 5xx, never half a write', async () => {
        const keys = [...def.list.map((f) => f.key), 'id', 'unknownField'];
        const value = fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.integer(),
          fc.double(),
          fc.boolean(),
          fc.constant(null),
          fc.array(fc.string(), { maxLength: 2 }),
        );
        const before = await count();
        let created = 0;
        await fc.assert(
          fc.asyncProperty(fc.dictionary(fc.constantFrom(...keys), value), async (body) => {
            const r = await t.call('POST', `${base}/create`, { token: owner(), body, lang: 'en_US' });
            expect(r.status).toBeLessThan(500);
            if (r.status === 200) created++;
            else {
              expect(r.body.msg.length).toBeGreaterThan(0);
              if (r.status === 400 && r.body.data?.fields) expect(r.body.data.fields.length).toBeGreaterThan(0);
            }
          }),
          { numRuns: 40 },
        );
        expect(await count()).toBe(before + created);
      });

      it('names the one bad field of an otherwise valid row, with its label, and writes nothing', async () => {
        const formFields = def.list.filter((f) => f.form);
        const value = fc.oneof(
          fc.string({ maxLength: 600 }),
          fc.integer(),
          fc.double(),
          fc.boolean(),
          fc.constant(null),
          fc.array(fc.string(), { maxLength: 2 }),
          fc.constant(''),
        );
        const before = await count();
        let run = 0;
        let checked = 0;
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...formFields), value, async (field, bad) => {
            // only values the field's own rule refuses, as they arrive (JSON turns NaN and Infinity into null)
            const wire = JSON.parse(JSON.stringify({ v: bad })).v;
            if (fieldSchema(field).safeParse(wire).success) return;
            checked++;
            const body = { ...sampleRow(def, `F${run++}`), [field.key]: bad };
            const r = await t.call('POST', `${base}/create`, { token: owner(), body, lang: 'en_US' });
            expect(r.status).toBe(400);
            expect(r.body.data.fields.map((e: { field: string }) => e.field.split('.')[0])).toContain(field.key);
            // the message names the field (inside a sentence English writes it in lower case: "Please enter group code")
            expect(r.body.msg.toLowerCase()).toContain(field.label.en_US.toLowerCase());
          }),
          { numRuns: 40 },
        );
        expect(checked).toBeGreaterThan(0);
        expect(await count()).toBe(before);
      });

      it('is guarded by the database too: lengths, number ranges and enum values the declaration sets', async () => {
        const made = await t.call('POST', `${base}/create`, { token: owner(), body: sampleRow(def, 'DB1'), lang: 'en_US' });
        expect(made.status).toBe(200);
        const table = RESOURCE_TABLES[def.code as keyof typeof RESOURCE_TABLES];
        const bad: [string, unknown][] = [];
        for (const f of def.list.filter((x) => x.stored !== false)) {
          if ((f.kind === 'text' || f.kind === 'textarea') && f.max) bad.push([f.key, 'x'.repeat(f.max + 1)]);
          if ((f.kind === 'int' || f.kind === 'decimal') && f.max !== undefined) bad.push([f.key, f.max + 1]);
          if ((f.kind === 'int' || f.kind === 'decimal') && f.min !== undefined) bad.push([f.key, f.min - 1]);
          if (f.kind === 'enum' && typeof ENUMS[f.enumName!][0].value === 'number') bad.push([f.key, 99]);
        }
        expect(bad.length).toBeGreaterThan(0);
        for (const [key, value] of bad) {
          const err = await t.ctx.db
            .update(table)
            .set({ [key]: value } as never)
            .where(eq(table.id, made.body.data.id))
            .then(
              () => undefined,
              (e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code,
            );
          expect([key, err]).toEqual([key, '23514']);
        }
      });

      it('exports, serves a template, imports all-or-nothing and, when asked, the valid rows only', async () => {
        const exp = await t.app.inject({
          method: 'POST',
          url: `${base}/export`,
          headers: { token: owner(), langeType: 'en_US' },
          payload: {},
        });
        expect(exp.statusCode).toBe(200);
        expect(exp.headers['content-disposition']).toMatch(/attachment/);
        const exported = XLSX.read(exp.rawPayload, { type: 'buffer' });
        const rows = XLSX.utils.sheet_to_json<unknown[]>(exported.Sheets[exported.SheetNames[0]], { header: 1 });
        expect(rows.length - 1).toBe(await count());

        const tpl = await t.app.inject({ method: 'GET', url: `${base}/template`, headers: { token: owner(), langeType: 'zh_TW' } });
        const header = XLSX.utils.sheet_to_json<unknown[]>(
          XLSX.read(tpl.rawPayload, { type: 'buffer' }).Sheets[def.names.zh_TW.slice(0, 31)],
          {
            header: 1,
          },
        )[0] as string[];
        const fields = def.list.filter((f) => f.exported && f.form);
        expect(header.map((h) => h.replace(/^\*/, ''))).toEqual(fields.map((f) => f.label.zh_TW));
        // as the export writes them: lists as JSON text
        const good = (salt: string) =>
          fields.map((f) =>
            f.kind === 'json' ? JSON.stringify(sampleRow(def, salt)[f.key] ?? (f.attrs ? {} : [])) : (sampleRow(def, salt)[f.key] ?? ''),
          );
        const bad = fields.map((f) => (f.required ? '' : 'x'.repeat(300)));

        const before = await count();
        const rejected = multipart('rows.xlsx', workbook([header, good('M1'), bad, good('M2')]));
        const r1 = await t.app.inject({
          method: 'POST',
          url: `${base}/import?wait=1`,
          headers: { ...rejected.headers, token: owner(), langeType: 'en_US' },
          payload: rejected.payload,
        });
        expect(r1.statusCode).toBe(400);
        expect(r1.json().data.errors[0].row).toBe(3);
        expect(await count()).toBe(before);

        const partial = multipart('rows.xlsx', workbook([header, good('M1'), bad, good('M2')]));
        const r2 = await t.app.inject({
          method: 'POST',
          url: `${base}/import?validOnly=1&wait=1`,
          headers: { ...partial.headers, token: owner() },
          payload: partial.payload,
        });
        expect(r2.json().data).toMatchObject({ total: 3, inserted: 2 });
        expect(await count()).toBe(before + 2);
        const jobId = r2.json().data.jobId;
        const job = await t.call('GET', `/api/jobs/${jobId}`, { token: owner() });
        expect(job.body.data).toMatchObject({ state: 'done', result: { total: 3, inserted: 2 } });
        // another user of the same tenant does not see it
        expect((await t.call('GET', `/api/jobs/${jobId}`, { token: limited() })).status).toBe(404);

        const two = multipart('a.xlsx', workbook([header]));
        const notExcel = await t.app.inject({
          method: 'POST',
          url: `${base}/import?wait=1`,
          headers: { ...multipart('a.pdf', Buffer.from('%PDF-1.4')).headers, token: owner() },
          payload: multipart('a.pdf', Buffer.from('%PDF-1.4')).payload,
        });
        void two;
        expect(notExcel.statusCode).toBe(400);
      });
    });
  }
});
