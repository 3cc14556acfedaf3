import { PAD_SESSION_KIND } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import type { OnTransition, ResourceHooks } from '../../../core/resource/service.js';
import { applyReviewedSession } from '../../rfid/sessions/index.js';
import { requireWmsGrant, SESSION_OPS } from '../grants/guard.js';
import { padSessions } from './tables.js';

/** A pad session's review or rejection is work at its handheld's zone, of its subject's operation (the one guard). */
const granted: OnTransition = async (tx, row, { session }) => {
  const zone = row.locationId == null ? null : Number(row.locationId);
  await requireWmsGrant(tx, session, { zoneId: zone }, SESSION_OPS[String(row.subjectType ?? '')] ?? null);
};

/**
 * Pad review over the read sessions table: the handhelds' sessions only; reviewing one applies its
 * reads to its subject (the subject's module reconciles: a carton's check, a count) in the review's
 * transaction, so a subject that refuses undoes the review. A warehouse's user reviews and rejects
 * the sessions of its granted zones only.
 */
export const padHooks: ResourceHooks = {
  scope: () => eq(padSessions.kind, PAD_SESSION_KIND),
  transitions: {
    async review(tx, row, info) {
      await granted(tx, row, info);
      await applyReviewedSession(tx, Number(row.tenantId), Number(row.id));
    },
    reject: granted,
  },
};
