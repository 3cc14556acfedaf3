// The GS1 EPC codec's HTTP endpoints (POST /api/label/epc/encode|decode): request and response
// schemas. The codec itself (packages/domain/src/epc) gives the precise, localized refusals; these
// schemas only bound the shapes.
import { z } from 'zod';
import { EPC_SCHEMES } from '../../epc/schemes.js';

const digitsOrNumber = (max: number) => z.union([z.string().trim().max(max), z.number()]);

/** POST /api/label/epc/encode: a GS1 key (or company prefix and reference), serial, filter, company prefix length (see EncodeEpcInput). */
export const epcEncodeBody = z.object({
  scheme: z.enum(EPC_SCHEMES).describe('the EPC binary scheme to write'),
  gtin: z.string().trim().max(14).optional().describe('sgtin: GTIN-8/12/13/14 with its check digit'),
  serial: digitsOrNumber(30)
    .optional()
    .describe(
      'the serial of the scheme (see EncodeEpcInput): digits without a leading zero for the 96-bit schemes, text for sgtin-198, grai-170 …',
    ),
  filter: z
    .union([z.number(), z.string().trim().max(2)])
    .optional()
    .describe('filter value 0–7 (default 0)'),
  companyPrefixLength: z
    .union([z.number(), z.string().trim().max(2)])
    .optional()
    .describe('digits of the GS1 company prefix, 6–12'),
  companyPrefix: z.string().trim().max(12).optional(),
  itemReference: z.string().trim().max(7).optional(),
  sscc: z.string().trim().max(18).optional(),
  serialReference: z.string().trim().max(11).optional(),
  gln: z.string().trim().max(13).optional(),
  locationReference: z.string().trim().max(6).optional(),
  extension: digitsOrNumber(20).optional(),
  grai: z.string().trim().max(14).optional(),
  assetType: z.string().trim().max(6).optional(),
  giai: z.string().trim().max(30).optional(),
  individualAssetReference: digitsOrNumber(30).optional(),
  gsrn: z.string().trim().max(18).optional(),
  gsrnp: z.string().trim().max(18).optional(),
  serviceReference: z.string().trim().max(11).optional(),
  gdti: z.string().trim().max(13).optional(),
  documentType: z.string().trim().max(6).optional(),
  sgcn: z.string().trim().max(13).optional(),
  couponReference: z.string().trim().max(6).optional(),
  cpi: z.string().trim().max(30).optional(),
  componentPartReference: digitsOrNumber(24).optional(),
  piece: digitsOrNumber(2).optional(),
  total: digitsOrNumber(2).optional(),
  managerNumber: digitsOrNumber(9).optional(),
  objectClass: digitsOrNumber(8).optional(),
  cageOrDodaac: z.string().trim().max(6).optional(),
  partNumber: z.string().trim().max(32).optional(),
});
export type EpcEncodeBody = z.infer<typeof epcEncodeBody>;

/** POST /api/label/epc/decode: the EPC's hex as read from the tag's EPC bank. */
export const epcDecodeBody = z.object({
  epc: z
    .string()
    .trim()
    .max(256)
    .describe('hex (upper or lower case), a pure-identity URI (urn:epc:id:…), a tag URI (urn:epc:tag:…), a raw URI or a GS1 Digital Link'),
});

/** What a decode (or an encode) answers: the scheme, the URIs, and the scheme's fields spread out. */
export const epcResult = z
  .object({
    scheme: z.string(),
    epc: z.string().describe('upper-case hex, whole 16-bit words'),
    bits: z.number().int(),
    uri: z.string().describe('pure-identity URI, urn:epc:id:…'),
    tagUri: z.string().describe('tag URI with the filter, urn:epc:tag:…'),
    elementString: z.string().optional().describe('GS1 element string, e.g. (01)…(21)…'),
    digitalLink: z.string().optional().describe('GS1 Digital Link URI'),
    filter: z.number().int().optional(),
    gtin: z.string().optional(),
    serial: z.string().optional(),
    form: z.enum(['hex', 'tag-uri', 'pure-uri', 'digital-link', 'raw']).optional().describe('how the input was written'),
  })
  .catchall(z.union([z.string(), z.number()]));
export type EpcResult = z.infer<typeof epcResult>;
