/**
 * What the tag area tells other areas about EPCs they meet (the RFID live console): the goods an
 * EPC is — its SKU from the tag registry, or, for an EPC the registry does not hold, the tenant's
 * SKU of the GTIN the EPC encodes (SGTIN). Read-only; one statement for any number of EPCs.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.js';
import { decoded } from './decode.js';

/** The goods of an EPC: SKU barcode, style, goods name, colour and size; `registered` when the tag registry holds the EPC. */
export interface EpcGoods {
  skuBarcode: string;
  styleNumber: string;
  goodsName: string;
  colour: string;
  size: string;
  registered: boolean;
}

/** The GTINs a SKU may be stored under for a GTIN-14 (the GTIN-14 itself, and as GTIN-13/12/8 without its leading zeros). */
function gtinForms(gtin14: string | undefined): [string, string, string, string] {
  if (!gtin14) return ['', '', '', ''];
  const short = (n: number) => (gtin14.length === 14 && /^0+$/.test(gtin14.slice(0, 14 - n)) ? gtin14.slice(14 - n) : '');
  return [gtin14, short(13), short(12), short(8)];
}

/**
 * The goods of each EPC (upper-case hex) of a tenant that is a tag of the registry or encodes a
 * GTIN of one of its SKUs; EPCs of neither are left out of the map. One statement (the registry's
 * unique (tenant, epc) index, the SKUs' unique (tenant, gtin) index).
 */
export async function goodsOfEpcs(db: Tx, tenantId: number, epcs: readonly string[]): Promise<Map<string, EpcGoods>> {
  const out = new Map<string, EpcGoods>();
  const unique = [...new Set(epcs)];
  if (!unique.length) return out;
  const forms = unique.map((epc) => {
    const d = decoded(epc).epc as { gtin?: string } | undefined;
    return gtinForms(d?.gtin);
  });
  const col = (i: number) => `{${forms.map((f) => `"${f[i]}"`).join(',')}}`;
  const rows = await queryRows<{
    epc: string;
    sku_barcode: string;
    style_number: string;
    goods_name: string;
    colour: string;
    size: string;
    registered: boolean;
  }>(
    db,
    sql`with k as (select * from unnest(${`{${unique.join(',')}}`}::text[], ${col(0)}::text[], ${col(1)}::text[], ${col(2)}::text[], ${col(3)}::text[])
               as k(epc, g14, g13, g12, g8))
        select k.epc, s.sku_barcode, g.style_number, g.goods_name, s.colour, s.size, (t.sku_id is not null) as registered
        from k
        left join label_tags t on t.tenant_id = ${tenantId} and t.epc = k.epc
        join goods_skus s on s.tenant_id = ${tenantId} and s.id = coalesce(t.sku_id, (
          select s2.id from goods_skus s2
          where s2.tenant_id = ${tenantId} and k.g14 <> '' and s2.gtin in (k.g14, k.g13, k.g12, k.g8)
          order by char_length(s2.gtin) desc limit 1))
        join goods g on g.tenant_id = s.tenant_id and g.id = s.goods_id`,
  );
  for (const r of rows)
    out.set(r.epc, {
      skuBarcode: r.sku_barcode ?? '',
      styleNumber: r.style_number ?? '',
      goodsName: r.goods_name ?? '',
      colour: r.colour ?? '',
      size: r.size ?? '',
      registered: !!r.registered,
    });
  return out;
}
