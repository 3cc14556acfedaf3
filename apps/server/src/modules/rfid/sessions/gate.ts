/**
 * A tunnel's GPI trigger (operations.md F3: a session opens "on a carton barcode scan or a GPI
 * trigger"): the photo-eye at the tunnel's mouth reports a carton coming in — the reader's input goes
 * high — and the reader's next read session starts, as a scan would start it, but naming no carton
 * (subject type TRIGGERED_SUBJECT). Its carton is named when it closes, by the reads (subjects.ts
 * resolvers: the warehouse's receiving check names the carton whose EPCs it read most).
 */
import { storedMessage } from '@tagloom/domain';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import type { AppContext } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { bindingOf } from '../equipment/service.js';
import { recordEquipmentEvent } from '../ingest/log.js';
import { readerFolded } from './folded.js';
import { openSession, type ReadSession } from './service.js';
import { TRIGGERED_SUBJECT } from './subjects.js';

/**
 * After a batch holding a trigger was stored: the reads the reader sent before it (this batch's
 * too) are folded into its open session first, then that session closes (its subject's check runs)
 * and a triggered session opens. A trigger of a reader that is not a tunnel's is only logged
 * (undefined). A refusal of the close (its carton's check refused: a carton already put away, say)
 * leaves the session open and is a line of the reader's log, in the refusal's words: the batch is
 * stored all the same, so the reader is answered as for any batch.
 */
export async function triggered(ctx: AppContext, tenantId: number, equipmentCoding: string): Promise<ReadSession | undefined> {
  const binding = await bindingOf(ctx.db, tenantId, equipmentCoding);
  if (binding?.sceneType !== SCENE_TYPE.TUNNEL) return undefined;
  await readerFolded(ctx, tenantId, equipmentCoding);
  try {
    const opened = await ctx.db.transaction((tx) =>
      openSession(tx, tenantId, { equipmentCoding, subjectType: TRIGGERED_SUBJECT, subjectCode: '' }),
    );
    return opened.session;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const params = Object.fromEntries(Object.entries(err.params).map(([k, v]) => [k, typeof v === 'number' ? v : String(v)]));
    await recordEquipmentEvent(ctx.db, { tenantId, equipmentCoding, eventType: 'error', message: storedMessage(err.key, params) });
    return undefined;
  }
}
