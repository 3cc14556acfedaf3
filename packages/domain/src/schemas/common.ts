import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { MISSING } from '../validation.js';

/**
 * Zod does not keep the input in its issues: a value that was not given (undefined, null, '') gets
 * the MISSING message, so validation.ts tells "left empty" from "wrong". Set here, where every
 * shared rule and every derived schema (resource/schemas.ts) comes from, so no zod rule of the
 * domain runs without it.
 */
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
z.config({
  customError: (issue) =>
    (issue.code === 'invalid_type' || issue.code === 'invalid_union' || issue.code === 'invalid_value') && isBlank(issue.input)
      ? MISSING
      : undefined,
});

/**
 * Shared field rules (spec §5). A failed custom rule's message is an i18n key (`validation.*`),
 * which the server and the console translate into the user's language.
 */
export const CHINESE_RE = /[\u3400-\u9fff\uf900-\ufaff]/;

export const userName = () => z.string().trim().min(LIMITS.userNameMin).max(64);
export const password = () =>
  z
    .string()
    .min(LIMITS.passwordMin)
    .max(64)
    .refine((v) => !CHINESE_RE.test(v), { message: 'validation.noChinese' });

/** The largest value of a PostgreSQL integer (int4): ids, counts and integer fields stay within it. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/**
 * An integer as a client may send it: a JSON number, or a string of digits (query strings, form
 * posts). Nothing else is turned into a number: not true (which would be 1), not '', '1e3' or '0x1'.
 */
export const intInput = (v: unknown) => (typeof v === 'string' && /^\s*-?\d{1,16}\s*$/.test(v) ? Number(v) : v);

/** An integer within [min, max] (default: the int4 range), as a number or a string of digits. */
export const int = (min = INT4_MIN, max = INT4_MAX) => z.preprocess(intInput, z.number().int().min(min).max(max));

const FIRST_DAY = Date.parse('0001-01-01T00:00:00Z');
const LAST_DAY = Date.parse('9999-12-31T23:59:59.999Z');
const toDate = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? new Date(v) : typeof v === 'number' ? new Date(v) : v);

/** A valid date (ISO text, milliseconds or a Date) between the years 1 and 9999. */
export const date = () =>
  z.preprocess(
    toDate,
    z
      .date({ message: 'validation.invalidDate' })
      .refine((d) => d.getTime() >= FIRST_DAY && d.getTime() <= LAST_DAY, { message: 'validation.invalidDate' }),
  );

/** '' and null mean "not given": forms send them for inputs left empty. */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** 0 or 1 (a switch), as a number or a string of a digit. */
export const flag = () => z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), z.union([z.literal(0), z.literal(1)]));

/** Positive integer ids, accepted as numbers or numeric strings (query strings, form posts). */
export const id = () => int(1);
export const idList = () => z.array(id()).min(1).max(1000);
/** An id that may be left out ('' or null: not given). */
export const optionalId = () => z.preprocess(blankToUndefined, id().optional());

export const paging = z.object({
  page: int(1).default(1),
  pageSize: int(1, 500).default(20),
});

export const pageResult = <T extends z.ZodTypeAny>(row: T) =>
  z.object({
    list: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** the total is the planner's estimate (past 10,000 matching rows) */
    estimated: z.boolean().optional(),
  });
