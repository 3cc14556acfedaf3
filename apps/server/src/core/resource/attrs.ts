import type { AttrSource, Lang, ResourceDef } from '@tagloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { envelope } from '../envelope.js';
import { validationError } from '../errors.js';

/**
 * Attribute fields (f.attrs): a json object {attribute code: value} whose attributes a tenant's
 * template declares. A module registers where each source's attributes come from (ModulePart
 * `attrSources`); the generic service checks every write of such a field against them, and the
 * console draws the form from GET /api/attrs/<source>.
 */
export interface AttrSpec {
  code: string;
  /** as the template names it (one language: the tenant's own text) */
  name: string;
  /** AttrValueType: 1 text, 2 number, 3 date, 4 option list */
  type: 1 | 2 | 3 | 4;
  required: boolean;
  /** type 4: the values offered (the tenant's code table of the same code) */
  options?: { value: string; label: string }[];
}

/** The attributes of one source for a tenant. */
export type AttrLoader = (db: Tx, tenantId: number) => Promise<AttrSpec[]>;

const SOURCES = new Map<AttrSource, AttrLoader>();

/** Register a source's loader (registerModules, from a module's `attrSources`); twice is an error. */
export function registerAttrSource(source: AttrSource, loader: AttrLoader): void {
  if (SOURCES.has(source) && SOURCES.get(source) !== loader) throw new Error(`attribute source ${source} is registered twice`);
  SOURCES.set(source, loader);
}

/** The attributes of `source` for a tenant (none when no module serves the source). */
export async function attrSpecs(db: Tx, source: AttrSource, tenantId: number): Promise<AttrSpec[]> {
  return (await SOURCES.get(source)?.(db, tenantId)) ?? [];
}

const blank = (v: unknown) => v === undefined || v === null || v === '';
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The issues of one attribute value, as validation issues on ['<field>', code]. */
function issuesOf(field: string, spec: AttrSpec, value: unknown) {
  const path = [field, spec.code];
  if (blank(value)) return spec.required ? [{ code: 'custom' as const, path, message: 'validation.required' }] : [];
  if (spec.type === 2 && !(typeof value === 'number' ? Number.isFinite(value) : /^-?\d+(\.\d+)?$/.test(String(value).trim())))
    return [{ code: 'custom' as const, path, message: 'validation.attrNumber' }];
  if (spec.type === 3 && !(DATE_RE.test(String(value)) && !Number.isNaN(Date.parse(String(value)))))
    return [{ code: 'custom' as const, path, message: 'validation.attrDate' }];
  if (spec.type === 4 && !(spec.options ?? []).some((o) => o.value === String(value)))
    return [
      {
        code: 'custom' as const,
        path,
        message: 'validation.attrOption',
        values: (spec.options ?? []).map((o) => o.label).join(' / '),
      },
    ];
  return [];
}

/**
 * Check and normalize the attribute fields of a row being written (the whole row on create, the
 * changed fields on update): every attribute of the template typed as it says, required ones
 * given, no attribute the template lacks. Numbers are stored as numbers, the rest as text.
 * Refuses with 400 naming `<field>.<code>` by the attribute's name.
 */
export async function checkAttrs(
  tx: Tx,
  def: ResourceDef,
  tenantId: number,
  data: Record<string, unknown>,
  lang: Lang,
  creating: boolean,
  /** the specs already loaded for this tenant, by source (an import loads them once, not per row) */
  loaded?: Map<AttrSource, AttrSpec[]>,
) {
  for (const f of def.list) {
    if (!f.attrs || (!creating && data[f.key] === undefined)) continue;
    let specs = loaded?.get(f.attrs);
    if (!specs) {
      specs = await attrSpecs(tx, f.attrs, tenantId);
      loaded?.set(f.attrs, specs);
    }
    const given = (data[f.key] ?? {}) as Record<string, unknown>;
    const issues = [
      ...Object.keys(given)
        .filter((k) => !specs.some((s) => s.code === k))
        .map((k) => ({ code: 'custom' as const, path: [f.key, k], message: 'validation.attrUnknown' })),
      ...specs.flatMap((s) => issuesOf(f.key, s, given[s.code])),
    ];
    if (issues.length) {
      const names = Object.fromEntries(specs.map((s) => [s.code, { zh_CN: s.name, zh_TW: s.name, en_US: s.name }]));
      throw validationError(lang, issues, { ...def.labels, ...names });
    }
    data[f.key] = Object.fromEntries(
      specs.filter((s) => !blank(given[s.code])).map((s) => [s.code, s.type === 2 ? Number(given[s.code]) : String(given[s.code])]),
    );
  }
}

const specShape = z.object({
  code: z.string(),
  name: z.string(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
});

/** GET /api/attrs/:source — the caller's tenant's attributes of a source, for the forms that edit them. */
export const attrRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/attrs/:source',
    {
      config: { access: 'session' },
      schema: {
        tags: ['common'],
        summary:
          "The attributes of the caller's tenant's template of this source (goods or location), with the options of option attributes",
        params: z.object({ source: z.enum(['goods', 'location']) }),
        response: { 200: envelope(z.array(specShape)) },
      },
    },
    async (req, reply) => reply.ok(await attrSpecs(app.ctx.db, req.params.source, req.session!.tenantId)),
  );
};
