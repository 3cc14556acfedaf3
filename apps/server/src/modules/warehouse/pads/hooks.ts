import { PAD_SESSION_KIND } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import type { ResourceHooks } from '../../../core/resource/service.js';
import { applyReviewedSession } from '../../rfid/sessions/index.js';
import { padSessions } from './tables.js';

/**
 * Pad review over the read sessions table: the handhelds' sessions only; reviewing one applies its
 * reads to its subject (the subject's module reconciles: a carton's check, a count) in the review's
 * transaction, so a subject that refuses undoes the review.
 */
export const padHooks: ResourceHooks = {
  scope: () => eq(padSessions.kind, PAD_SESSION_KIND),
  transitions: {
    async review(tx, row) {
      await applyReviewedSession(tx, Number(row.tenantId), Number(row.id));
    },
  },
};
