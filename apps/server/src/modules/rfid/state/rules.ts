/** The presence rules of scenes (R's scene fields sceneType, departAfter, moveHoldoff, returnGuard). */
import { sceneResource } from '@tagloom/domain';
import { DEFAULT_RULES, type SceneRules } from '@tagloom/domain/rfid/presence.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { snake } from '../../../db/resource-table.js';

const RULE_FIELDS = ['sceneType', 'departAfter', 'moveHoldoff', 'returnGuard'] as const;

/**
 * The SQL of one rule: the scene's column (blank = the default), or the default where the
 * declaration has no such field. A blank move hold-off stays null: the scene type's mobility
 * profile has one (presence.ts).
 */
export function ruleSql(alias: string, key: (typeof RULE_FIELDS)[number]) {
  const declared = Object.hasOwn(sceneResource.fields, key);
  const dflt = DEFAULT_RULES[key] ?? 'null';
  return declared ? sql.raw(`coalesce(${alias}.${snake(key)}::float8, ${dflt})`) : sql.raw(`${dflt}::float8`);
}

/** The rules of these scenes of the tenant, by id (one indexed query). */
export async function scenesRules(tx: Tx, tenantId: number, ids: readonly number[]): Promise<Map<number, SceneRules>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{
    id: number | string;
    scene_type: number;
    depart_after: number;
    move_holdoff: number | null;
    return_guard: number;
  }>(
    tx,
    sql`select c.id, ${ruleSql('c', 'sceneType')} as scene_type, ${ruleSql('c', 'departAfter')} as depart_after,
          ${ruleSql('c', 'moveHoldoff')} as move_holdoff, ${ruleSql('c', 'returnGuard')} as return_guard
        from rfid_scenes c where c.tenant_id = ${tenantId} and c.id = any(string_to_array(${ids.join(',')}, ',')::bigint[])`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        sceneType: Number(r.scene_type),
        departAfter: Number(r.depart_after),
        moveHoldoff: r.move_holdoff === null ? null : Number(r.move_holdoff),
        returnGuard: Number(r.return_guard),
      },
    ]),
  );
}
