/**
 * GS1 check digits (GTIN-8, GTIN-12, GTIN-13, GTIN-14): from the right, the digits before the
 * check digit are weighted 3, 1, 3, 1 …; the check digit brings the sum to a multiple of 10.
 * Zod-free: the console and the server check a GTIN with the same function.
 */

/** The lengths a GTIN has. */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** The check digit of a GTIN's body (its digits without the last one). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** The whole GTIN of a body: the body and its check digit. */
export const withCheckDigit = (body: string): string => `${body}${gtinCheckDigit(body)}`;

/** Whether `code` is digits of a GTIN length. */
export const isGtinShape = (code: string): boolean => /^\d+$/.test(code) && (GTIN_LENGTHS as readonly number[]).includes(code.length);

/** Whether `code` is a GTIN whose last digit is the right check digit. */
export function isValidGtin(code: string): boolean {
  if (!isGtinShape(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48;
}
