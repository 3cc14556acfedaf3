/**
 * The GS1 EPC codec (EPC Tag Data Standard 1.13, and the schemes of TDS 2.3): pure TypeScript, no
 * dependencies, shared by the console and the server.
 *
 * - `decodeEpc(hex)`: every EPC binary scheme of TDS 1.13 and TDS 2.3 ('+', '++', with their +AIDC
 *   data) → scheme, URIs, element string, Digital Link, fields.
 * - `encodeEpc(input)`: every scheme of both.
 * - `parseEpc(text, options?)`: hex, a pure-identity, tag or raw URI, or a GS1 Digital Link → what it
 *   is and its canonical forms; `epcUriOf(text, options?)` and `digitalLinkOf(text)` the canonical
 *   identifiers alone.
 * - `sgtin96Batch(gtin, companyPrefixLength, filter, firstSerial, count)`: the fast generator.
 * - `isValidGln(gln)`, `sglnUri(gln, companyPrefixLength, extension?)`: a location's GLN and its SGLN.
 * Refusals throw `EpcError { field, key, params }` (i18n keys of catalog part `epc`; a param named
 * `part` holds a catalog key naming the EPC component).
 */
export { BitReader, BitWriter } from './bits.js';
export { checkDigit, uriEscape } from './chars.js';
export { DIGITAL_LINK_BASE, decodeEpc, EPC_STANDARDS, epcSchemeOf, schemeName } from './decode.js';
export { ENCODABLE_SCHEMES, encodeEpc } from './encode.js';
export { describeEpcError, EpcError, epcErrorReason, isEpcError } from './errors.js';
export { glnCheckDigit, isGlnShape, isSglnExtension, isValidGln, pglnUri, sglnUri } from './gln.js';
export { digitalLinkOf, type EpcForm, type EpcKind, epcUriOf, type ParsedEpc, type ParseEpcOptions, parseEpc } from './parse.js';
export { EPC_SCHEMES, TDS1_SCHEMES, TDS2_SCHEMES } from './schemes.js';
export { SGTIN96_MAX_SERIAL, sgtin96Batch, sgtin96Hex } from './sgtin96.js';
export { HEADERS as EPC_HEADERS } from './tables.js';
export { TDS2_HEADERS as EPC_TDS2_HEADERS } from './tds2-tables.js';
export type { DecodedEpc, EncodableScheme, EncodedEpc, EncodeEpcInput, EpcErrorShape, EpcScheme, Tds1Scheme, Tds2Scheme } from './types.js';
