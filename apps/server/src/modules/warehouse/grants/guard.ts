import { Code, ENUMS, type WmsOp } from '@tagloom/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionInfo } from '../../../core/context.js';
import { AppError } from '../../../core/errors.js';
import type { Tx } from '../../../db/client.js';
import { wmsGrants } from './tables.js';

/**
 * The one question every warehouse move asks (E14): may this session do `op` at warehouse `siteId`?
 * A user bound to a warehouse needs a grant of that warehouse holding the op; refused 403
 * `wms.noGrant` (naming the op) otherwise. Users of the whole tenant (bound to no party) and users
 * bound to another kind of party (a store's clerk: its party scope already holds it to its store) pass.
 */
export async function requireWmsGrant(
  tx: Tx,
  session: Pick<SessionInfo, 'tenantId' | 'userId' | 'party'>,
  siteId: number | null,
  op: WmsOp,
) {
  if (session.party?.kind !== 'warehouse') return;
  const [grant] =
    siteId === null
      ? []
      : await tx
          .select({ id: wmsGrants.id })
          .from(wmsGrants)
          .where(
            and(
              eq(wmsGrants.tenantId, session.tenantId),
              eq(wmsGrants.userId, session.userId),
              eq(wmsGrants.siteId, siteId),
              sql`${wmsGrants.ops} @> ${JSON.stringify([op])}::jsonb`,
            ),
          )
          .limit(1);
  if (!grant) throw new AppError(403, Code.FORBIDDEN, 'wms.noGrant', { op: ENUMS.WmsOp?.find((o) => o.value === op)?.label ?? op });
}
