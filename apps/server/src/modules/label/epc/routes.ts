import {
  type DecodedEpc,
  decodeEpc,
  EpcError,
  encodeEpc,
  epcErrorReason,
  type L10n,
  LANGS,
  type Lang,
  PLATFORM_TENANT_ID,
  parseEpc,
  translate,
} from '@tagloom/domain';
import { epcDecodeBody, epcEncodeBody, epcResult } from '@tagloom/domain/resources/label/epc.api.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../app.js';
import { envelope } from '../../../core/envelope.js';
import { type AppError, badRequest, forbidden } from '../../../core/errors.js';
import { placeOf } from '../tags/store.js';

/** The screens whose query button lets a tenant user use the codec. */
const SCREENS = ['label/epc-query', 'label/purchase-order'] as const;

async function guard(req: FastifyRequest): Promise<void> {
  const session = req.session;
  if (!session || session.tenantId === PLATFORM_TENANT_ID) throw forbidden();
  for (const screen of SCREENS) if (await req.holds(screen, 'query')) return;
  throw forbidden();
}

/**
 * A codec refusal as a 400 naming the field ("<field>: <reason>", data.fields for a form), in the
 * request's language; a `part` param (a catalog key naming an EPC component) is translated too.
 */
export function epcRefusal(e: EpcError, lang: Lang): AppError {
  const label = Object.fromEntries(LANGS.map((l) => [l, translate(l, `epc.field.${e.field}`)])) as L10n;
  const message = Object.fromEntries(LANGS.map((l) => [l, epcErrorReason(e, (key, params) => translate(l, key, params))])) as L10n;
  return badRequest('validation.field', { field: label, message }, { fields: [{ field: e.field, message: message[lang] }] });
}

/** The decode's fields spread beside the scheme and URIs (the HTTP shape of the issue). */
const flat = (d: DecodedEpc) => {
  const { fields, ...rest } = d;
  return { ...fields, ...rest };
};

/**
 * The GS1 EPC codec over HTTP for integrators: `POST /api/label/epc/encode` and
 * `POST /api/label/epc/decode`. A tenant user holding the query button of the EPC query screen or
 * of the label purchase orders may call them; a refused input is a 400 naming the field.
 */
export const epcRoutes: FastifyPluginAsyncZod<Services> = async (app) => {
  app.post(
    '/label/epc/encode',
    {
      config: { access: 'session', skipOperationLog: true },
      schema: {
        tags: ['label/epc-query'],
        summary:
          'Encode an EPC of any binary scheme of GS1 EPC TDS 1.13 (SGTIN-96, SGTIN-198, SSCC-96 …) into hex, pure-identity URI and tag URI',
        body: epcEncodeBody,
        response: { 200: envelope(epcResult) },
      },
    },
    async (req, reply) => {
      await guard(req);
      try {
        return reply.ok(flat(encodeEpc(req.body)));
      } catch (e) {
        if (e instanceof EpcError) throw epcRefusal(e, req.lang);
        throw e;
      }
    },
  );
  app.post(
    '/label/epc/decode',
    {
      config: { access: 'session', skipOperationLog: true },
      schema: {
        tags: ['label/epc-query'],
        summary:
          'Decode an EPC written any way — hex of any binary scheme of GS1 EPC TDS 1.13 and 2.3, a pure-identity URI, a tag URI, a raw URI or a GS1 Digital Link (`form` says which): scheme, URIs, element string, Digital Link, fields; `epc` (the hex) is empty when the input does not fix the binary',
        body: epcDecodeBody,
        response: { 200: envelope(epcResult) },
      },
    },
    async (req, reply) => {
      await guard(req);
      try {
        const input = req.body.epc;
        if (!input.includes(':')) return reply.ok({ ...flat(decodeEpc(input)), form: 'hex' });
        // a URI or a GS1 Digital Link: its binary when the input fixes it (a tag URI, a raw URI), else its identity
        const cpl = (await placeOf(app.ctx.db, req.session!.tenantId)).companyPrefixLength;
        const p = parseEpc(input, { companyPrefixLength: cpl });
        if (p.decoded) return reply.ok({ ...flat(p.decoded), form: p.form });
        return reply.ok({
          ...p.fields,
          scheme: p.kind ?? '',
          epc: '',
          bits: 0,
          uri: p.uri ?? '',
          tagUri: '',
          ...(p.elementString ? { elementString: p.elementString } : {}),
          ...(p.digitalLink ? { digitalLink: p.digitalLink } : {}),
          ...(p.gtin ? { gtin: p.gtin } : {}),
          ...(p.serial ? { serial: p.serial } : {}),
          form: p.form,
        });
      } catch (e) {
        if (e instanceof EpcError) throw epcRefusal(e, req.lang);
        throw e;
      }
    },
  );
};
