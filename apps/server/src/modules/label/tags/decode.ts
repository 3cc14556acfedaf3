/**
 * The codec as the tags area uses it: an EPC's decoded identity for the EPC query and the EPCIS
 * document, and whether its header is a GS1 scheme at all (an exception kind).
 */
import { rawEpcUri } from '@tagloom/domain';
import { type DecodedEpc, decodeEpc, epcSchemeOf, isEpcError } from '@tagloom/domain/epc/index.js';

/** The decoded EPC, or the codec's refusal (an i18n key and its values). */
export function decoded(hex: string): { epc?: DecodedEpc; refusal?: { key: string; params: Record<string, string | number> } } {
  try {
    return { epc: decodeEpc(hex) };
  } catch (err) {
    if (isEpcError(err)) return { refusal: { key: err.key, params: err.params } };
    throw err;
  }
}

/** Whether the EPC's header names a scheme of the GS1 EPC Tag Data Standard. */
export const isGs1Header = (hex: string): boolean => epcSchemeOf(hex) !== null;

/**
 * The EPC's pure-identity URI, or its raw URI when it decodes to none; an EPC named by a URI already
 * (a partner's captured event names EPCs so) as it is.
 */
export const epcUri = (hex: string): string => (hex.includes(':') ? hex : (decoded(hex).epc?.uri ?? rawEpcUri(hex)));
