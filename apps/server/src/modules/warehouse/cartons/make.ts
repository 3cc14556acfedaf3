import { CARTON_DIRECTION, CARTON_STATUS, makeSscc } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { takeNumbers } from '../../../core/numbering.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { wmsBillLines } from '../bills/tables.js';
import { wmsCartons } from './tables.js';

type Row = Record<string, unknown>;

/** The GS1 company prefix a tenant's SSCCs are made with when its site has no GLN (GS1's example prefix). */
const FALLBACK_PREFIX = '0614141';

/**
 * `n` new SSCCs of a tenant: the company prefix of a site's GLN (GS1's example prefix when it has
 * none), a tenant-wide serial.
 */
export async function newSsccs(tx: Tx, tenantId: number, siteId: number | null, n: number): Promise<string[]> {
  const [site] =
    siteId == null
      ? []
      : await queryRows<{ gln: string | null }>(tx, sql`select gln from locations where tenant_id = ${tenantId} and id = ${siteId}`);
  const prefix = site?.gln && /^\d{13}$/.test(site.gln) ? site.gln.slice(0, 7) : FALLBACK_PREFIX;
  const first = await takeNumbers(tx, tenantId, 'SSCC', n);
  return Array.from({ length: n }, (_, i) => makeSscc(prefix, first + i));
}

/**
 * The cartons of a shipped bill (its ASN): one a distinct carton number of its lines, expecting the
 * pieces its lines put in it, with an SSCC (the destination's GLN company prefix, a tenant-wide
 * serial). Cartons already made stay as they are. Answers how many were made; with `limit`, at most
 * that many (the first carton numbers still without a carton: called again, the next ones).
 */
export async function makeCartons(tx: Tx, tenantId: number, bill: Row, limit?: number): Promise<number> {
  const lines = await queryRows<{ carton_no: string; pieces: number }>(
    tx,
    sql`select l.carton_no, sum(l.expected_qty)::int as pieces from ${wmsBillLines} l
        where l.tenant_id = ${tenantId} and l.bill_id = ${Number(bill.id)} and l.carton_no <> ''
          and not exists (select 1 from ${wmsCartons} c where c.tenant_id = l.tenant_id and c.bill_id = l.bill_id and c.carton_no = l.carton_no)
        group by l.carton_no order by l.carton_no ${limit === undefined ? sql`` : sql`limit ${limit}`}`,
  );
  if (!lines.length) return 0;
  const ssccs = await newSsccs(tx, tenantId, bill.destLocationId == null ? null : Number(bill.destLocationId), lines.length);
  await tx.insert(wmsCartons).values(
    lines.map((l, i) => ({
      tenantId,
      billId: Number(bill.id),
      siteId: bill.destLocationId == null ? null : Number(bill.destLocationId),
      cartonNo: l.carton_no,
      originalPackageNo: l.carton_no,
      sscc: ssccs[i],
      direction: CARTON_DIRECTION.IN,
      status: CARTON_STATUS.EXPECTED,
      expectedPieces: l.pieces,
      short: 0,
    })),
  );
  return lines.length;
}
