/**
 * The codec as the tags area uses it: an EPC's decoded identity for the EPC query and the EPCIS
 * document, whether its header is a GS1 scheme at all (an exception kind), and the tenant's tags an
 * EPC written as a URI or a GS1 Digital Link names (tagHexesOf).
 */
import { type EncodeEpcInput, encodeEpc, normalizeHex, parseEpc, rawEpcUri } from '@tagloom/domain';
import { type DecodedEpc, decodeEpc, epcSchemeOf, isEpcError } from '@tagloom/domain/epc/index.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';

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

const SGTIN = /^urn:epc:id:sgtin:(\d{6,12})\.(\d{1,7})\.(.+)$/;
const SSCC = /^urn:epc:id:sscc:(\d{6,12})\.(\d{5,11})$/;

/** Each hex a tag of this URN could carry (SGTIN-96/198, SSCC-96 of every filter); none for another scheme. */
export function hexCandidates(urn: string): string[] {
  const out: string[] = [];
  const tryEncode = (input: EncodeEpcInput) => {
    try {
      out.push(encodeEpc(input).epc);
    } catch {
      // not encodable in that scheme (a serial too long for 96 bits …)
    }
  };
  let m = SGTIN.exec(urn);
  if (m && m[1].length + m[2].length === 13) {
    const serial = decodeURIComponent(m[3]);
    for (let filter = 0; filter < 8; filter++) {
      if (/^(0|[1-9]\d{0,11})$/.test(serial)) tryEncode({ scheme: 'sgtin-96', filter, companyPrefix: m[1], itemReference: m[2], serial });
      tryEncode({ scheme: 'sgtin-198', filter, companyPrefix: m[1], itemReference: m[2], serial });
    }
    return out;
  }
  m = SSCC.exec(urn);
  if (m && m[1].length + m[2].length === 17)
    for (let filter = 0; filter < 8; filter++) tryEncode({ scheme: 'sscc-96', filter, companyPrefix: m[1], serialReference: m[2] });
  return out;
}

/** Whether a text names an EPC as a URI or a GS1 Digital Link (parseEpc reads it). */
export function isEpcUri(input: string): boolean {
  try {
    parseEpc(input);
    return true;
  } catch {
    return false;
  }
}

/**
 * The hex of the tenant's tags that EPCs written any way name, by the input: hex as it is (upper
 * case), a tag URI or raw URI by its binary, a pure-identity URI or Digital Link by the tag of the
 * tenant it is (each hex an SGTIN-96/198 or SSCC-96 of it could be); '' when it names none.
 */
export async function tagHexesOf(
  db: Tx,
  tenantId: number,
  inputs: readonly string[],
  companyPrefixLength: number,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const wanted = new Map<string, string[]>();
  for (const input of inputs) {
    if (!input.includes(':')) {
      out.set(input, normalizeHex(input));
      continue;
    }
    let p: ReturnType<typeof parseEpc> | undefined;
    try {
      p = parseEpc(input, { companyPrefixLength });
    } catch {
      out.set(input, '');
      continue;
    }
    if (p.hex) out.set(input, p.hex);
    else wanted.set(input, p.uri ? hexCandidates(p.uri) : []);
  }
  const all = [...new Set([...wanted.values()].flat())];
  const found = new Set<string>();
  for (let at = 0; at < all.length; at += 1000) {
    const part = all.slice(at, at + 1000);
    const rows = await queryRows<{ epc: string }>(
      db,
      sql`select epc from label_tags where tenant_id = ${tenantId} and epc in (${sql.join(
        part.map((h) => sql`${h}`),
        sql`, `,
      )})`,
    );
    for (const r of rows) found.add(r.epc);
  }
  for (const [input, cands] of wanted) out.set(input, cands.find((h) => found.has(h)) ?? '');
  return out;
}
