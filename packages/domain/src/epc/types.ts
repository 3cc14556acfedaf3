/**
 * The public shapes of the GS1 EPC codec (EPC Tag Data Standard 1.13, and the schemes TDS 2.3 adds).
 * Pure types: the console, the server and the coding-rule engine code against them.
 */

/** Every EPC binary scheme of TDS 1.13, by its lower-case name. */
export type Tds1Scheme =
  | 'sgtin-96'
  | 'sgtin-198'
  | 'sscc-96'
  | 'sgln-96'
  | 'sgln-195'
  | 'grai-96'
  | 'grai-170'
  | 'giai-96'
  | 'giai-202'
  | 'gsrn-96'
  | 'gsrnp-96'
  | 'gdti-96'
  | 'gdti-174'
  | 'cpi-96'
  | 'cpi-var'
  | 'sgcn-96'
  | 'gid-96'
  | 'itip-110'
  | 'itip-212'
  | 'usdod-96'
  | 'adi-var';

/**
 * The EPC binary schemes TDS 2.0 introduced (names ending '+': no partition table, the GS1 key
 * written whole, +AIDC data may follow) and the '++' ones TDS 2.3 added (the same, with a custom
 * hostname after the serial for a non-canonical GS1 Digital Link).
 */
export type Tds2Scheme =
  | 'sgtin+'
  | 'sgtin++'
  | 'dsgtin+'
  | 'dsgtin++'
  | 'sscc+'
  | 'sscc++'
  | 'sgln+'
  | 'sgln++'
  | 'grai+'
  | 'grai++'
  | 'giai+'
  | 'giai++'
  | 'gsrn+'
  | 'gsrn++'
  | 'gsrnp+'
  | 'gsrnp++'
  | 'gdti+'
  | 'gdti++'
  | 'cpi+'
  | 'cpi++'
  | 'sgcn+'
  | 'sgcn++'
  | 'itip+'
  | 'itip++';

/** Every EPC binary scheme of TDS 1.13 and TDS 2.3, by its lower-case name. */
export type EpcScheme = Tds1Scheme | Tds2Scheme;

/** The schemes `encodeEpc` writes: all of them. */
export type EncodableScheme = EpcScheme;

/** What a decoded (or encoded) EPC is. */
export interface DecodedEpc {
  scheme: EpcScheme;
  /** The EPC binary, upper-case hex (whole 16-bit words, as read from the tag's EPC bank). */
  epc: string;
  /**
   * The number of bits the scheme uses (96, 198 …; variable-length schemes: the bits read; the
   * TDS 2.x schemes: the EPC and the +AIDC data after it).
   */
  bits: number;
  /**
   * The pure-identity URI, e.g. `urn:epc:id:sgtin:0614141.812345.6789`. The TDS 2.x schemes ('+',
   * '++') have no URN syntax (TDS 2.3, "Differences from TDS 1.13": the constrained GS1 Digital Link
   * is EPCIS 2.0's alternative to it): their `uri` is that Digital Link — the EPC's own AIs only, on
   * id.gs1.org, or on the encoded hostname for a '++' scheme (TDS 2.3 Annex E.3: "… in EPCIS").
   */
  uri: string;
  /**
   * The tag URI, e.g. `urn:epc:tag:sgtin-96:3.0614141.812345.6789`. TDS 2.x defines none for its
   * schemes: they get the EPC raw URI the standard decodes such memory to (TDS §15.2.1), e.g.
   * `urn:epc:raw:112.xF73795211411234538566CB0AFC4`.
   */
  tagUri: string;
  /** The GS1 element string where the scheme has one, e.g. `(01)80614141123458(21)6789`. */
  elementString?: string;
  /**
   * The GS1 Digital Link URI where the scheme has one, e.g. `https://id.gs1.org/01/80614141123458/21/6789`;
   * for a '++' scheme on its encoded hostname; the TDS 2.x schemes put the key qualifiers of their
   * +AIDC data in the path and their other AIs (a DSGTIN+ date, +AIDC data) in the query string.
   */
  digitalLink?: string;
  /** The filter value (0–7) where the scheme has one. */
  filter?: number;
  /**
   * The scheme's fields, by name: `filter`, `partition`, `companyPrefix`, `itemReference`,
   * `serial`, `serialReference`, `locationReference`, `extension`, `assetType`,
   * `individualAssetReference`, `serviceReference`, `documentType`, `couponReference`,
   * `managerNumber`, `objectClass`, `cageOrDodaac`, `partNumber`, `pieceNumber`, `totalPieces`,
   * `cpiReference`, `gtin`, `sscc`, `gln`, `grai`, `giai`, `gsrn`, `gsrnp`, `gdti`, `sgcn`,
   * `itip` … — text values keep their leading zeros; counts (filter, partition) are numbers.
   * The TDS 2.x schemes: `filter`, `dataToggle` (the +AIDC data toggle bit, 0 or 1), the key
   * (`gtin`, `sscc`, `gln`, `grai`, `giai`, `gsrn`, `gsrnp`, `gdti`, `cpi`, `sgcn`, `itip` as their AI
   * holds it) and `serial`, `extension`, `piece`, `total`; DSGTIN: `dateType` (the date's AI, e.g.
   * `17`) and `date` (YYMMDD); '++': `hostname`; +AIDC data: one field per AI, named `(AI)`, e.g.
   * `(10)`: the batch/lot.
   */
  fields: Record<string, string | number>;
  /** SGTIN / ITIP: the GTIN-14. */
  gtin?: string;
  /** The serial (SGTIN, GRAI, GIAI asset reference, …), unescaped text. */
  serial?: string;
}

/** The result of `encodeEpc`: the same shape as a decode of the written hex. */
export type EncodedEpc = DecodedEpc;

/**
 * What `encodeEpc` takes. The GS1 key is given whole with `companyPrefixLength` (6–12), or split
 * as `companyPrefix` + its reference:
 * - sgtin-96 / sgtin-198: `gtin` (8/12/13/14 digits, right check digit) or `companyPrefix` +
 *   `itemReference` (indicator digit first); `serial` (96: digits, no leading zero, ≤ 2^38−1;
 *   198: ≤ 20 characters of GS1 AI encodable character set 82).
 * - sscc-96: `sscc` (18 digits) or `companyPrefix` + `serialReference` (extension digit first).
 * - sgln-96 / sgln-195: `gln` (13 digits) or `companyPrefix` + `locationReference`; `extension`
 *   (96: digits, no leading zero, ≤ 2^41−1; 195: ≤ 20 characters of Table A-1; `0` or none: no
 *   extension).
 * - grai-96 / grai-170: `grai` (the 13-digit GRAI without serial: company prefix + asset type +
 *   check digit, or 14 with AI 8003's leading 0) or `companyPrefix` + `assetType`; `serial` (96:
 *   digits, no leading zero, ≤ 2^38−1; 170: ≤ 16 characters of Table A-1).
 * - giai-96 / giai-202: `giai` (company prefix + individual asset reference) or `companyPrefix` +
 *   `individualAssetReference` (96: digits, no leading zero, fitting the partition's bits; 202:
 *   characters of Table A-1, 30 in all with the company prefix).
 * - gsrn-96 / gsrnp-96: `gsrn` / `gsrnp` (18 digits) or `companyPrefix` + `serviceReference`.
 * - gdti-96 / gdti-174: `gdti` (13 digits: company prefix + document type + check digit) or
 *   `companyPrefix` + `documentType`; `serial` (96: digits, no leading zero, ≤ 2^41−1; 174: ≤ 17
 *   characters of Table A-1).
 * - sgcn-96: `sgcn` (13 digits) or `companyPrefix` + `couponReference`; `serial` (1–12 digits,
 *   leading zeros kept).
 * - cpi-96 / cpi-var: `cpi` (company prefix + component/part reference) or `companyPrefix` +
 *   `componentPartReference` (96: digits, no leading zero, ≤ 15 − L digits; var: ≤ 30 − L of
 *   A–Z 0–9 - / #); `serial` (96: ≤ 2^31−1; var: ≤ 12 digits; no leading zero).
 * - itip-110 / itip-212: as sgtin, plus `piece` and `total` (0–99, two digits).
 * - gid-96: `managerNumber` (≤ 2^28−1), `objectClass` (≤ 2^24−1), `serial` (≤ 2^36−1); no filter.
 * - usdod-96: `cageOrDodaac` (5 or 6 of 0–9 A–Z but I, O), `serial` (≤ 2^36−1); filter 0–15.
 * - adi-var: `cageOrDodaac`, `partNumber` (0–32 of A–Z 0–9 - /), `serial` (1–30, `#` first
 *   allowed); filter 0–63.
 * The TDS 2.x schemes take the GS1 key whole, as its AI holds it (no company prefix length: these
 * schemes have no partition), `filter`, and optionally `aidc`, the +AIDC data to write after the EPC
 * (its toggle bit is set when there is any); a '++' scheme also `hostname`:
 * - sgtin+ / sgtin++: `gtin` (8/12/13/14 digits, right check digit); `serial` (1–20 characters of
 *   Table A-1, leading zeros kept).
 * - dsgtin+ / dsgtin++: as sgtin+, plus `date` (YYMMDD, a real date; day 00 allowed) and `dateType`
 *   (the date's AI: `11` production, `13` packaging, `15` best before, `16` sell by, `17`
 *   expiration, `7006` first freeze, `7007` harvest).
 * - sscc+ / sscc++: `sscc` (18 digits). gsrn+ / gsrnp+ (and ++): `gsrn` / `gsrnp` (18 digits).
 * - sgln+ / sgln++: `gln` (13 digits); `extension` (1–20 characters of Table A-1; `0` or none: no
 *   extension).
 * - grai+ / grai++: `grai` (13 digits, or 14 with AI 8003's leading 0); `serial` (1–16 characters).
 * - giai+ / giai++: `giai` (5–30 characters of Table A-1, the first 4 at least digits: the company
 *   prefix).
 * - gdti+ / gdti++: `gdti` (13 digits); `serial` (1–17 characters).
 * - cpi+ / cpi++: `cpi` (5–30 of 0–9 A–Z - / #, the first 4 at least digits); `serial` (1–12 digits,
 *   leading zeros kept).
 * - sgcn+ / sgcn++: `sgcn` (13 digits); `serial` (1–12 digits, leading zeros kept).
 * - itip+ / itip++: `itip` (18 digits: GTIN, piece, total) or `gtin` + `piece` + `total`; `serial`
 *   (1–20 characters).
 * - `hostname` ('++'): 1–63 characters of Table A-1, without `https://` (e.g. `id.example.com`).
 * - `aidc`: [AI, value] pairs, e.g. `[['10', 'LOT7'], ['17', '260101']]`, each AI of TDS Table F
 *   and not one the EPC already holds; the whole EPC at most 496 bits.
 * `filter` is 0–7 (default 0) unless said otherwise.
 */
export interface EncodeEpcInput {
  scheme: EncodableScheme;
  /** 0–7 (a number, or its digits as text) */
  filter?: number | string;
  /** 6–12 (a number, or its digits as text) */
  companyPrefixLength?: number | string;
  companyPrefix?: string;
  gtin?: string;
  itemReference?: string;
  serial?: string | number;
  sscc?: string;
  serialReference?: string;
  gln?: string;
  locationReference?: string;
  extension?: string | number;
  grai?: string;
  assetType?: string;
  giai?: string;
  individualAssetReference?: string | number;
  gsrn?: string;
  gsrnp?: string;
  serviceReference?: string;
  gdti?: string;
  documentType?: string;
  sgcn?: string;
  couponReference?: string;
  cpi?: string;
  componentPartReference?: string | number;
  piece?: string | number;
  total?: string | number;
  managerNumber?: string | number;
  objectClass?: string | number;
  cageOrDodaac?: string;
  partNumber?: string;
  /** itip+ / itip++: the 18 digits of AI 8006 (GTIN, piece, total). */
  itip?: string;
  /** dsgtin+ / dsgtin++: the prioritised date, YYMMDD. */
  date?: string;
  /** dsgtin+ / dsgtin++: the AI of the date (11, 13, 15, 16, 17, 7006, 7007). */
  dateType?: string;
  /** '++' schemes: the custom hostname of the GS1 Digital Link (no `https://`). */
  hostname?: string;
  /** TDS 2.x schemes: +AIDC data to write after the EPC, as [AI, value] pairs in order. */
  aidc?: readonly (readonly [string, string])[];
}

/** A refusal: `key` is an i18n key of the server catalogs (part `epc`), `params` its values. */
export interface EpcErrorShape {
  key: string;
  params: Record<string, string | number>;
  /** The input field the refusal is about (`epc`, `gtin`, `serial`, `filter`, `companyPrefixLength` …). */
  field: string;
}
