/** Response codes carried in the `{code, msg, data}` envelope (spec §7, §8). */
export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
  UNAVAILABLE: 503,
  /** unknown or illegal token */
  TOKEN_ILLEGAL: 50008,
  /** token revoked: logged out, or logged in elsewhere */
  TOKEN_REVOKED: 50012,
  /** token expired */
  TOKEN_EXPIRED: 50014,
  /** generic session-invalid code the console also treats as logged out */
  SESSION_INVALID: 9999,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export const SESSION_INVALID_CODES: readonly number[] = [Code.TOKEN_ILLEGAL, Code.TOKEN_REVOKED, Code.TOKEN_EXPIRED, Code.SESSION_INVALID];

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
