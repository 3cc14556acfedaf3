/**
 * The QI sample, live: while a sample's read session is open, each batch of reads the fold appends
 * to it (and its opening, and its close) tells the inspection's sample dialog to ask the sample
 * again — at most 2 a second per session, the last one always sent (trailing), so the count on
 * screen follows the reader without the dialog polling.
 */

import { READ_SESSION_STATE } from '@tagloom/domain/rfid/sessions.js';
import type { AppContext } from '../../../core/context.js';
import { defineLiveTopic, publishLive, publishLiveIn } from '../../../core/live.js';
import { getSession, type ReadSession, sessionPace, sessionSubjects } from '../../rfid/sessions/index.js';
import { QI_SUBJECT } from './sample.js';

/** The sample of an inspection changed (`inspectionId`); `open`: its read session is still open. */
export const QI_SAMPLE_TOPIC = defineLiveTopic('wms.qiSample');
export interface SampleLive {
  inspectionId: number;
  open: boolean;
}

/** Publishes the sample reads of this process's fold and closes (QI_SAMPLE_TOPIC); returns the function that stops it. */
export function followSampleReads(ctx: Pick<AppContext, 'db' | 'database' | 'log'>): () => void {
  const notice = (s: ReadSession, open: boolean): SampleLive => ({ inspectionId: Number(s.subjectId), open });
  const pace = sessionPace(
    (tx, s) => publishLiveIn(tx, { tenantId: s.tenantId, topic: QI_SAMPLE_TOPIC, data: notice(s, true) }),
    // after the pause: the session read again, if still open
    async ({ tenantId, id }) => {
      try {
        const s = await getSession(ctx.db, tenantId, id);
        if (s.state === READ_SESSION_STATE.OPEN) await publishLive(ctx, { tenantId, topic: QI_SAMPLE_TOPIC, data: notice(s, true) });
        else pace.forget(s);
      } catch (err) {
        ctx.log.warn({ err, tenantId, session: id }, 'QI sample progress failed');
      }
    },
  );
  const offProgress = sessionSubjects.onProgress(QI_SUBJECT, async (tx, s) => {
    if (s.subjectId != null) await pace.progress(tx, s);
  });
  const offClose = sessionSubjects.on(QI_SUBJECT, async (tx, s) => {
    pace.forget(s);
    if (s.subjectId != null) await publishLiveIn(tx, { tenantId: s.tenantId, topic: QI_SAMPLE_TOPIC, data: notice(s, false) });
  });
  return () => {
    offProgress();
    offClose();
    pace.stop();
  };
}
