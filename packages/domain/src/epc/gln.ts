/**
 * GS1 Global Location Numbers and their EPC (TDS 1.13 §6.3.3, SGLN): a location's GLN checked
 * (13 digits, GS1 check digit) and written as the SGLN pure-identity URI the EPCIS events name.
 */
import { checkDigit, isCharset82, isDigits, uriEscape } from './chars.js';

/** Whether `gln` has a GLN's shape: 13 digits. */
export const isGlnShape = (gln: string): boolean => gln.length === 13 && isDigits(gln);

/** The right check digit of a 13-digit GLN (its last digit's expected value). */
export const glnCheckDigit = (gln: string): number => checkDigit(gln.slice(0, 12));

/** Whether `gln` is a GLN: 13 digits whose last one is the GS1 check digit of the others. */
export const isValidGln = (gln: string): boolean => isGlnShape(gln) && glnCheckDigit(gln) === gln.charCodeAt(12) - 48;

/** Whether `s` can be an SGLN extension (GS1 AI 254: 1–20 characters of the AI character set 82). */
export const isSglnExtension = (s: string): boolean => s.length >= 1 && s.length <= 20 && [...s].every((c) => isCharset82(c.charCodeAt(0)));

/**
 * The SGLN pure-identity URI of a GLN: `urn:epc:id:sgln:<company prefix>.<location reference>.<extension>`,
 * the company prefix being its first `companyPrefixLength` digits (6–12) and the extension `0`
 * (none) unless given. Throws on a GLN that is not valid or a length out of range.
 */
export function sglnUri(gln: string, companyPrefixLength: number, extension = '0'): string {
  if (!isValidGln(gln)) throw new RangeError(`not a GLN: ${gln}`);
  if (!Number.isInteger(companyPrefixLength) || companyPrefixLength < 6 || companyPrefixLength > 12)
    throw new RangeError(`company prefix length out of range: ${companyPrefixLength}`);
  if (!isSglnExtension(extension)) throw new RangeError(`not an SGLN extension: ${extension}`);
  return `urn:epc:id:sgln:${gln.slice(0, companyPrefixLength)}.${gln.slice(companyPrefixLength, 12)}.${uriEscape(extension)}`;
}

/**
 * The PGLN pure-identity URI of a GLN naming a party (TDS 2.0 §6.3.15): `urn:epc:id:pgln:<company
 * prefix>.<party reference>` — a site's GLN as the party that owns or holds the goods there.
 */
export function pglnUri(gln: string, companyPrefixLength: number): string {
  if (!isValidGln(gln)) throw new RangeError(`not a GLN: ${gln}`);
  if (!Number.isInteger(companyPrefixLength) || companyPrefixLength < 6 || companyPrefixLength > 12)
    throw new RangeError(`company prefix length out of range: ${companyPrefixLength}`);
  return `urn:epc:id:pgln:${gln.slice(0, companyPrefixLength)}.${gln.slice(companyPrefixLength, 12)}`;
}
