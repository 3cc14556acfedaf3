/**
 * The generic proofs of every declaration the module registry serves (not a test file: the
 * resources-<n>.test.ts shards each run a stable share of the declarations through it, so no file
 * runs long). Each proof follows what the declaration offers (no Add: no create) and honours what
 * the declaration says does not apply to it (`unproven`, with the reason); GENERIC_PROOFS names them.
 */
import * as XLSX from '@e965/xlsx';
import { type ActionCode, CRUD, ENUMS, fieldSchema, type GenericProof, type ResourceDef } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../src/app.js';
import { servedBy } from '../src/core/module.js';
import { EXPORT_SYNC_MAX_ROWS } from '../src/core/xlsx-stream.js';
import { tenants } from '../src/db/schema/index.js';
import { hasSample, sampleRow, withRequiredRefs } from './sample-row.js';
import { DRIVER, startTestApp, type TestApp } from './support.js';
import { multipart, workbook } from './uploads.js';

type Row = Record<string, unknown>;

/** Every declaration served with the generic routes, in module order (what the registry serves). */
export const SERVED: ResourceDef[] = MODULES.flatMap(servedBy) as ResourceDef[];

/**
 * The shard (0 … of - 1) a declaration's proofs run in: its place among the served codes in
 * alphabetical order, dealt round (so the shards stay within one declaration of each other, and a
 * declaration keeps its shard from run to run and machine to machine).
 */
export function shardOf(code: string, of: number): number {
  const at = SERVED.map((d) => d.code)
    .sort()
    .indexOf(code);
  if (at < 0) throw new Error(`${code} is not served`);
  return at % of;
}

/** How many shard files there are (resources-1.test.ts … resources-<SHARDS>.test.ts). */
export const SHARDS = 8;

const offers = (def: ResourceDef, button: ActionCode): boolean => (def.crud ?? CRUD).some((b) => b === button);

/**
 * One proof: run, skipped with the declaration's reason when it says the proof does not apply, or
 * left out when it is about a button the declaration does not offer. A proof that makes rows needs
 * a seed row or a sample: a declaration with neither says why (`unproven`), or the proof fails.
 */
function proof(
  def: ResourceDef,
  name: GenericProof,
  title: string,
  opts: { applies: boolean; makesRows?: boolean },
  body: () => Promise<void>,
) {
  const why = def.unproven?.[name];
  if (why) it.skip(`${title} — not proven here: ${why}`, body);
  else if (!opts.applies) return;
  else if (opts.makesRows && !hasSample(def))
    it(title, () => {
      throw new Error(`${def.code}: declare a sample (or a seed row), or say in unproven.${name} why this proof does not apply`);
    });
  else it(title, body);
}

/** Runs the generic proofs of shard `shard` (1-based) of SHARDS. */
export function proveResources(shard: number): void {
  const defs = SERVED.filter((d) => shardOf(d.code, SHARDS) === shard - 1);

  describe(`every served declaration, shard ${shard}/${SHARDS} (${defs.length}), on ${DRIVER}`, () => {
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

    it('serves these declarations from the module registry, with the generic routes', () => {
      const served = new Set(t.services.modules.served.map((s) => s.def.code));
      for (const def of defs) expect([def.code, served.has(def.code)]).toEqual([def.code, true]);
      expect(t.services.modules.served.length).toBe(SERVED.length);
    });

    for (const def of defs) {
      const base = `/api/${def.code}`;
      const platform = def.owner === 'platform';
      const owner = () => tokens[platform ? 'admin' : 'demo'];
      const limited = () => tokens[platform ? 'auditor' : 'viewer'];
      const outsider = () => tokens[platform ? 'demo' : 'acme'];
      const count = async (token = owner()) =>
        (await t.call('POST', `${base}/list`, { token, body: { pageSize: 1 } })).body.data.total as number;
      const canAdd = offers(def, 'add');
      // rows are made here when the declaration offers Add, has a sample and its crud proof applies
      const makes = canAdd && hasSample(def) && !def.unproven?.crud;

      /**
       * A new row that passes the declaration (its first seed row, or its sample), unique fields
       * salted; a required ref the row leaves out points at the owner's first row of the target.
       */
      const sample = async (salt: string): Promise<Row> =>
        withRequiredRefs(t, def, sampleRow(def, salt), platform ? undefined : await demoTenant());
      let demoTenantId: number | undefined;
      const demoTenant = async () => {
        demoTenantId ??= (await t.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'DEMO')))[0].id;
        return demoTenantId;
      };
      /** A row of the owner's to prove on: one made now (when the declaration offers Add and has a sample), else the first it lists. */
      const someRow = async (salt: string): Promise<Row | undefined> => {
        if (makes) {
          const made = await t.call('POST', `${base}/create`, { token: owner(), body: await sample(salt), lang: 'en_US' });
          expect(made.status, `${def.code}: ${made.body.msg}`).toBe(200);
          return made.body.data;
        }
        const list = await t.call('POST', `${base}/list`, { token: owner(), body: { page: 1, pageSize: 1 } });
        return list.body.data.list[0];
      };

      describe(def.code, () => {
        proof(
          def,
          'crud',
          'lists its rows, and adds, edits, reads back and deletes one as its buttons offer',
          { applies: true, makesRows: canAdd },
          async () => {
            const list = await t.call('POST', `${base}/list`, { token: owner(), body: { page: 1, pageSize: 50 } });
            expect(list.body.code).toBe(200);
            expect(list.body.data.total).toBeGreaterThanOrEqual(def.seed?.length ?? 0);
            if (!canAdd) {
              // a view with no Add: its rows read back one by one
              for (const r of (list.body.data.list as Row[]).slice(0, 3))
                expect((await t.call('GET', `${base}/get?id=${r.id}`, { token: owner() })).body.data.id).toBe(r.id);
              return;
            }
            const made = await t.call('POST', `${base}/create`, { token: owner(), body: await sample('C1'), lang: 'en_US' });
            expect(made.body.code, made.body.msg).toBe(200);
            expect(made.body.msg).toBeTruthy();
            const id = made.body.data.id;
            // the title when it may be edited, else the first plain text field that may (a login name is
            // kept), else a text area (a document numbered by the server: its remark)
            const editable = (f?: ResourceDef['list'][number]) => !!f && f.form && f.editable && f.stored !== false;
            const plain = [
              ...def.list.filter((f) => f.kind === 'text' && !f.unique && !f.pattern),
              ...def.list.filter((f) => f.kind === 'textarea'),
            ];
            const title = [def.list.find((f) => f.key === def.titleField), ...plain].find(editable)?.key ?? def.titleField;
            if (offers(def, 'edit')) {
              // a text (the sample may have left it empty): changed; anything else sent back as it is
              const was = made.body.data[title];
              const text = typeof was === 'string' || def.list.find((f) => f.key === title)?.kind === 'text';
              const renamed = text ? `${String(was ?? '').slice(0, 10)}X` : was;
              const upd = await t.call('POST', `${base}/update`, { token: owner(), body: { id, [title]: renamed }, lang: 'en_US' });
              expect(upd.body.code, upd.body.msg).toBe(200);
              expect((await t.call('GET', `${base}/get?id=${id}`, { token: owner() })).body.data[title]).toBe(renamed);
            } else expect((await t.call('GET', `${base}/get?id=${id}`, { token: owner() })).body.data.id).toBe(id);
            if (offers(def, 'delete')) {
              const del = await t.call('POST', `${base}/delete`, { token: owner(), body: { ids: [id] } });
              expect(del.body.data.deleted).toBe(1);
              expect((await t.call('GET', `${base}/get?id=${id}`, { token: owner() })).status).toBe(404);
            }
          },
        );

        proof(def, 'isolation', "keeps another tenant's token away from its rows, guessed ids included", { applies: true }, async () => {
          const row = await someRow('I1');
          const other = outsider();
          const list = await t.call('POST', `${base}/list`, { token: other, body: { pageSize: 500 } });
          if (platform) expect(list.status).toBe(403);
          else if (row) expect(list.body.data.list.map((r: { id: number }) => r.id)).not.toContain(row.id);
          if (!row) return;
          const id = Number(row.id);
          // (ids next to it may be the other tenant's own rows: those it reaches are no guesses)
          const its = new Set(platform ? [] : (list.body.data.list as Row[]).map((r) => Number(r.id)));
          for (const guess of [id, id + 1, id - 1].filter((g) => g > 0 && !its.has(g))) {
            expect((await t.call('GET', `${base}/get?id=${guess}`, { token: other })).status).toBeOneOf([403, 404]);
            if (offers(def, 'edit'))
              expect(
                (await t.call('POST', `${base}/update`, { token: other, body: { id: guess, [def.titleField]: 'hijack' } })).status,
              ).toBeOneOf([400, 403, 404]);
            if (offers(def, 'delete'))
              expect((await t.call('POST', `${base}/delete`, { token: other, body: { ids: [guess] } })).status).toBeOneOf([403, 404]);
          }
          const still = await t.call('GET', `${base}/get?id=${id}`, { token: owner() });
          expect(still.body.data[def.titleField]).toEqual(row[def.titleField]);
        });

        proof(
          def,
          'buttons',
          'refuses the buttons a role lacks, and serves no route of a button it does not offer, writing nothing',
          { applies: true },
          async () => {
            const before = await count();
            const token = limited();
            expect((await t.call('POST', `${base}/list`, { token, body: {} })).status).toBe(200);
            const writes: [ActionCode, () => Promise<number>][] = [
              [
                'add',
                async () => (await t.call('POST', `${base}/create`, { token, body: hasSample(def) ? sampleRow(def, 'R1') : {} })).status,
              ],
              ['edit', async () => (await t.call('POST', `${base}/update`, { token, body: { id: 1, [def.titleField]: 'x' } })).status],
              ['delete', async () => (await t.call('POST', `${base}/delete`, { token, body: { ids: [1] } })).status],
              [
                'import',
                async () => {
                  const imp = multipart('x.xlsx', workbook([['a']]));
                  return (
                    await t.app.inject({ method: 'POST', url: `${base}/import`, headers: { ...imp.headers, token }, payload: imp.payload })
                  ).statusCode;
                },
              ],
            ];
            for (const [button, call] of writes) if (offers(def, button)) expect([button, await call()]).toEqual([button, 403]);
            // the owner, holding every button the screen has: a route whose button is not offered is not there
            for (const [button, route] of [
              ['add', 'create'],
              ['edit', 'update'],
              ['delete', 'delete'],
              ['import', 'template'],
              ['export', 'export'],
            ] as const)
              if (!offers(def, button)) {
                const r = await t.app.inject({
                  method: route === 'template' ? 'GET' : 'POST',
                  url: `${base}/${route}`,
                  headers: { token: owner() },
                });
                expect([route, r.statusCode]).toEqual([route, 404]);
              }
            expect(await count()).toBe(before);
          },
        );

        proof(
          def,
          'fuzz',
          'answers random bad input with a 4xx naming the field, never a 5xx, never half a write',
          { applies: canAdd },
          async () => {
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
          },
        );

        proof(
          def,
          'badField',
          'names the one bad field of an otherwise valid row, with its label, and writes nothing',
          { applies: canAdd, makesRows: true },
          async () => {
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
            const good = await sample('F');
            let run = 0;
            let checked = 0;
            await fc.assert(
              fc.asyncProperty(fc.constantFrom(...formFields), value, async (field, bad) => {
                // only values the field's own rule refuses, as they arrive (JSON turns NaN and Infinity into null)
                const wire = JSON.parse(JSON.stringify({ v: bad })).v;
                if (fieldSchema(field).safeParse(wire).success) return;
                checked++;
                const body = { ...good, ...sampleRow(def, `F${run++}`), [field.key]: bad };
                const r = await t.call('POST', `${base}/create`, { token: owner(), body, lang: 'en_US' });
                expect([field.key, r.status]).toEqual([field.key, 400]);
                expect(r.body.data.fields.map((e: { field: string }) => e.field.split('.')[0])).toContain(field.key);
                // the message names the field (inside a sentence English writes it in lower case: "Please enter group code")
                expect(r.body.msg.toLowerCase()).toContain(field.label.en_US.toLowerCase());
              }),
              { numRuns: 40 },
            );
            expect(checked).toBeGreaterThan(0);
            expect(await count()).toBe(before);
          },
        );

        proof(
          def,
          'dbChecks',
          'is guarded by the database too: lengths, number ranges and enum values the declaration sets',
          { applies: true },
          async () => {
            const row = await someRow('DB1');
            expect(row, `${def.code}: no row to check`).toBeDefined();
            const table = t.services.modules.service(def.code).table;
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
                .where(eq(table.id, row!.id))
                .then(
                  () => undefined,
                  (e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code,
                );
              expect([key, err]).toEqual([key, '23514']);
            }
          },
        );

        proof(def, 'export', 'exports the filtered rows as a sheet', { applies: offers(def, 'export') }, async () => {
          const exp = await t.app.inject({
            method: 'POST',
            url: `${base}/export`,
            headers: { token: owner(), langeType: 'en_US' },
            payload: {},
          });
          let file = exp.rawPayload;
          const total = await count();
          if (total > EXPORT_SYNC_MAX_ROWS) {
            // more rows than a request answers: refused naming the job, which exports them all
            expect(exp.statusCode).toBe(400);
            expect(JSON.parse(exp.body).msg).toMatch(/job/);
            const started = await t.call('POST', `${base}/export?job=1`, { token: owner(), body: {} });
            expect(started.status, started.body.msg).toBe(200);
            const jobId = started.body.data.jobId as string;
            await expect
              .poll(async () => (await t.call('GET', `/api/jobs/${jobId}`, { token: owner() })).body.data.state, { timeout: 60_000 })
              .toBe('done');
            const done = await t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/download`, headers: { token: owner() } });
            expect(done.statusCode).toBe(200);
            file = done.rawPayload;
          } else {
            expect(exp.statusCode).toBe(200);
            expect(exp.headers['content-disposition']).toMatch(/attachment/);
          }
          const exported = XLSX.read(file, { type: 'buffer' });
          const rows = XLSX.utils.sheet_to_json<unknown[]>(exported.Sheets[exported.SheetNames[0]], { header: 1 });
          // (a list counts up to just past the sync limit: beyond it the job's file holds them all)
          if (total > EXPORT_SYNC_MAX_ROWS) expect(rows.length - 1).toBeGreaterThanOrEqual(total);
          else expect(rows.length - 1).toBe(total);
        });

        proof(
          def,
          'import',
          'serves a template, imports all-or-nothing and, when asked, the valid rows only',
          { applies: offers(def, 'import'), makesRows: true },
          async () => {
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
            const good = async (salt: string) => {
              const row = await sample(salt);
              return fields.map((f) => (f.kind === 'json' ? JSON.stringify(row[f.key] ?? (f.attrs ? {} : [])) : (row[f.key] ?? '')));
            };
            const bad = fields.map((f) => (f.required ? '' : 'x'.repeat(300)));

            const before = await count();
            const rejected = multipart('rows.xlsx', workbook([header, await good('M1'), bad, await good('M2')]));
            const r1 = await t.app.inject({
              method: 'POST',
              url: `${base}/import?wait=1`,
              headers: { ...rejected.headers, token: owner(), langeType: 'en_US' },
              payload: rejected.payload,
            });
            expect(r1.statusCode).toBe(400);
            expect(r1.json().data.errors[0].row).toBe(3);
            expect(await count()).toBe(before);

            const partial = multipart('rows.xlsx', workbook([header, await good('M1'), bad, await good('M2')]));
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

            const notExcel = await t.app.inject({
              method: 'POST',
              url: `${base}/import?wait=1`,
              headers: { ...multipart('a.pdf', Buffer.from('%PDF-1.4')).headers, token: owner() },
              payload: multipart('a.pdf', Buffer.from('%PDF-1.4')).payload,
            });
            expect(notExcel.statusCode).toBe(400);
          },
        );
      });
    }
  });
}
