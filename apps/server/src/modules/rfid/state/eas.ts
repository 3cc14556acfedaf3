/**
 * EAS alarms (operations.md F2: an EXIT reader's read of an EPC not sold "raises an EAS alarm
 * row"): each passage of an unsold tag through a store's exit (presence.ts: a departure flagged
 * `alarm`, one a passage) is a line of that exit reader's equipment log — event type "EAS alarm",
 * level warn, naming the EPC and the exit — written in the fold's transaction, so the operator's
 * equipment log, its filters and its export show every alarm with the reader that raised it.
 */
import { storedMessage } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { recordEquipmentEvents } from '../ingest/log.js';
import { pgNumArray } from './fold-data.js';

/** A departure through an exit the fold flagged as an alarm. */
export interface EasAlarm {
  epc: string;
  at: Date;
  /** the exit reader */
  equipmentCoding: string | null;
  /** the exit (zone or site) */
  locationId: number | null;
}

/** Writes the alarms as equipment-log lines of their exit readers (the fold's transaction); answers how many. */
export async function recordEasAlarms(tx: Tx, tenantId: number, alarms: readonly EasAlarm[]): Promise<number> {
  const raised = alarms.filter((a) => a.equipmentCoding);
  if (!raised.length) return 0;
  const ids = [...new Set(raised.map((a) => a.locationId).filter((id): id is number => id !== null))];
  // each exit's name, after its site's when it is a zone of one ("ST001 旗舰店 · 出口")
  const rows = ids.length
    ? await queryRows<{ id: string | number; name: string }>(
        tx,
        sql`select l.id, case when s.id is null or s.id = l.id then l.name else s.name || ' · ' || l.name end as name
              from locations l left join locations s on s.tenant_id = l.tenant_id and s.id = l.site_id
             where l.tenant_id = ${tenantId} and l.id = any(${pgNumArray(ids)}::bigint[])`,
      )
    : [];
  const names = new Map(rows.map((r) => [Number(r.id), r.name]));
  return recordEquipmentEvents(
    tx,
    raised.map((a) => ({
      tenantId,
      equipmentCoding: a.equipmentCoding!,
      eventType: 'easAlarm',
      at: a.at,
      message: storedMessage('presence.easAlarm', {
        epc: a.epc,
        place: (a.locationId !== null && names.get(a.locationId)) || a.equipmentCoding!,
      }),
    })),
  );
}
