/**
 * Serials of the coding rules: per tenant and rule, a counter that only goes up, so the serials of
 * one order are never handed to another order of the tenant (whichever process asks, at once).
 */
import { compileRule } from '@tagloom/domain';
import { eq, sql } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '../../../core/errors.js';
import type { Tx } from '../../../db/client.js';
import { templateCodingRules } from '../tables.js';
import { codingRefusal, ruleInput } from './service.js';
import { codingSerials } from './tables.js';

/**
 * Reserve `count` serials of rule `ruleId` for tenant `tenantId`: answers the first one; the range
 * first … first + count − 1 is the caller's. One statement (an upsert … RETURNING) does it, so two
 * concurrent reservations never overlap; the counter starts at the serial domain's start value and
 * never goes back (raising the start value moves it up). A range past the serial domain's largest
 * value is refused (409) — throw it out of your transaction so that the counter rolls back too.
 * A rule without a serial domain reserves nothing and answers 0n.
 */
export async function reserveSerials(tx: Tx, tenantId: number, ruleId: number, count: number): Promise<bigint> {
  if (!Number.isInteger(count) || count < 1) throw badRequest('coding.countInvalid', { count: String(count) });
  const [row] = await tx.select().from(templateCodingRules).where(eq(templateCodingRules.id, ruleId));
  if (!row) throw notFound('coding.rule');
  const serial = codingRefusal(() => compileRule(ruleInput(row))).serial;
  if (!serial) return 0n;
  const n = BigInt(count);
  const [got] = await tx
    .insert(codingSerials)
    .values({ tenantId, ruleId, next: serial.start + n })
    .onConflictDoUpdate({
      target: [codingSerials.tenantId, codingSerials.ruleId],
      set: { next: sql`greatest(${codingSerials.next}, ${serial.start}) + ${n}`, updatedAt: sql`now()` },
    })
    .returning({ next: codingSerials.next });
  const first = BigInt(got.next) - n;
  if (first + n - 1n > serial.max) throw conflict('coding.serialsExhausted', { rule: String(row.name), count, max: serial.max.toString() });
  return first;
}
