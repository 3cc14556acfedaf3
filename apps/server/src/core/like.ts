// The one LIKE helper of the server: every search box (the generic service's, the feeds', a module's) words its patterns here.
import { type SQL, sql } from 'drizzle-orm';

/** Text taken literally inside a LIKE pattern: its wildcards (% and _) and the escape (\) escaped. */
export const escapeLike = (v: string): string => v.replace(/[\\%_]/g, '\\$&');

/** The pattern of text containing `v` anywhere ('%v%', `v` taken literally). */
export const containsPattern = (v: string): string => `%${escapeLike(v)}%`;

/** The pattern of text starting with `v` ('v%', `v` taken literally). */
export const prefixPattern = (v: string): string => `${escapeLike(v)}%`;

/** `col` contains `v`, any case (ILIKE '%v%'). */
export const containing = (col: unknown, v: string): SQL => sql`${col} ilike ${containsPattern(v)}`;

/**
 * `col` starts with `v`, any case: upper(col) LIKE 'V%', which a (tenant_id, upper(col)
 * text_pattern_ops) index answers from the prefix on (declarations' `search: 'prefix'`).
 */
export const startsWith = (col: unknown, v: string): SQL => sql`upper(${col}) like ${prefixPattern(v.toUpperCase())}`;
