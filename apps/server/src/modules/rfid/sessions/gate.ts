/**
 * A tunnel's GPI trigger (operations.md F3: a session opens "on a carton barcode scan or a GPI
 * trigger"): the photo-eye at the tunnel's mouth reports a carton coming in — the reader's input goes
 * high — and the reader's next read session starts, as a scan would start it, but naming no carton
 * (subject type TRIGGERED_SUBJECT). Its carton is named when it closes, by the reads (subjects.ts
 * resolvers: the warehouse's receiving check names the carton whose EPCs it read most).
 */
import { storedMessage } from '@tagloom/domain';
import { SCENE_TYPE } from '@tagloom/domain/rfid/presence.js';
import { READ_SESSION_KIND, SESSION_EPC_CHUNK } from '@tagloom/domain/rfid/sessions.js';
import type { AppContext } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import { bindingOf } from '../equipment/service.js';
import { recordEquipmentEvent } from '../ingest/log.js';
import { forEachRead } from '../state/fold-data.js';
import { addRead, appendLive, type EpcReads, openSessionOf } from './append.js';
import { readerFolded } from './folded.js';
import { openSession, type ReadSession } from './service.js';
import { TRIGGERED_SUBJECT } from './subjects.js';

/** A segment's reads (fold queue data) added up by EPC. */
function epcsOf(data: string): Map<string, EpcReads> {
  const epcs = new Map<string, EpcReads>();
  forEachRead(data, (epc, _tid, at, antenna, rssi, count) => addRead(epcs, epc, at, Math.max(count, 1), rssi, antenna));
  return epcs;
}

/**
 * After a batch holding triggers was stored. `segments`: for each trigger in time order, the reads
 * of the batch after it up to the next one (ingest/encode.ts; the fold leaves them out of the open
 * session). For each: the reads the reader sent before it (this batch's too) are folded into its
 * open session first, then that session closes (its subject's check runs) and a triggered session
 * opens, with the segment's reads in it — so a batch holding the end of one carton, the photo-eye
 * and the start of the next counts each read for its own carton. A trigger of a reader that is not
 * a tunnel's is only logged (undefined). A refusal of the close (its carton's check refused: a
 * carton already put away, say) leaves the session open, the segment's reads added to it, and is a
 * line of the reader's log in the refusal's words: the batch is stored all the same, so the reader
 * is answered as for any batch.
 */
export async function triggered(
  ctx: AppContext,
  tenantId: number,
  equipmentCoding: string,
  segments: readonly string[],
): Promise<ReadSession | undefined> {
  const binding = await bindingOf(ctx.db, tenantId, equipmentCoding);
  if (binding?.sceneType !== SCENE_TYPE.TUNNEL) return undefined;
  let last: ReadSession | undefined;
  for (const data of segments) {
    await readerFolded(ctx, tenantId, equipmentCoding);
    const epcs = epcsOf(data);
    try {
      last = await ctx.db.transaction(async (tx) => {
        const { session } = await openSession(tx, tenantId, { equipmentCoding, subjectType: TRIGGERED_SUBJECT, subjectCode: '' });
        if (epcs.size) await appendLive(tx, tenantId, session.id, epcs, SESSION_EPC_CHUNK);
        return session;
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const params = Object.fromEntries(Object.entries(err.params).map(([k, v]) => [k, typeof v === 'number' ? v : String(v)]));
      await recordEquipmentEvent(ctx.db, { tenantId, equipmentCoding, eventType: 'error', message: storedMessage(err.key, params) });
      if (epcs.size)
        await ctx.db.transaction(async (tx) =>
          appendLive(
            tx,
            tenantId,
            await openSessionOf(tx, tenantId, equipmentCoding, { kind: READ_SESSION_KIND.CARTON_CHECK, locationId: binding.locationId }),
            epcs,
            SESSION_EPC_CHUNK,
          ),
        );
    }
  }
  return last;
}
