import { type Lang, RESOURCES, translate } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { notFound } from '../../../core/errors.js';
import { workbookBuffer } from '../../../core/resource/excel.js';
import { type Db, queryRows } from '../../../db/client.js';

export interface TableNode {
  schema: string;
  name: string;
  /** the table's COMMENT, else the name of the resource declared on it */
  comment: string;
  /** planner's row estimate (sum over partitions for a partitioned table); null before ANALYZE */
  rowEstimate: number | null;
  partitioned: boolean;
  partitions: number;
}

export interface ColumnInfo {
  position: number;
  name: string;
  type: string;
  nullable: boolean;
  default: string | null;
  comment: string;
  primaryKey: boolean;
  unique: boolean;
  /** referenced "table.column" when part of a foreign key */
  references: string | null;
}

/** Schemas the catalog shows: everything but PostgreSQL's own. */
const USER_SCHEMAS = sql`n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;

/**
 * The database structure as the catalog (pg_catalog) has it, on PGlite and PostgreSQL alike:
 * schemas and tables (partitions folded into their table), and each table's columns with keys.
 */
export class TableStructureService {
  constructor(private readonly db: Db) {}

  private declaredNames(lang: Lang): Map<string, string> {
    return new Map(RESOURCES.map((d) => [d.table, d.names[lang]]));
  }

  async tables(lang: Lang): Promise<TableNode[]> {
    const rows = await queryRows<{
      schema: string;
      name: string;
      comment: string | null;
      estimate: string | number | null;
      kind: string;
      partitions: number;
    }>(
      this.db,
      sql`select n.nspname as schema, c.relname as name, obj_description(c.oid, 'pg_class') as comment, c.relkind as kind,
            case when c.relkind = 'p' then (select sum(greatest(p.reltuples, 0))::bigint from pg_inherits i join pg_class p on p.oid = i.inhrelid where i.inhparent = c.oid)
                 when c.reltuples < 0 then null else c.reltuples::bigint end as estimate,
            (select count(*)::int from pg_inherits i where i.inhparent = c.oid) as partitions
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and not c.relispartition and ${USER_SCHEMAS}
          order by n.nspname, c.relname`,
    );
    const declared = this.declaredNames(lang);
    return rows.map((r) => ({
      schema: r.schema,
      name: r.name,
      comment: r.comment ?? declared.get(r.name) ?? '',
      rowEstimate: r.estimate === null ? null : Number(r.estimate),
      partitioned: r.kind === 'p',
      partitions: Number(r.partitions),
    }));
  }

  /** schema → tables, as the console's tree shows it. */
  async tree(lang: Lang) {
    const tables = await this.tables(lang);
    const schemas = [...new Set(tables.map((t) => t.schema))];
    return schemas.map((s) => ({
      key: s,
      title: s,
      type: 'schema' as const,
      children: tables.filter((t) => t.schema === s).map((t) => ({ key: `${s}.${t.name}`, title: t.name, type: 'table' as const, ...t })),
    }));
  }

  /** `name` or `schema.name` → the table's schema and name, when it exists (and is not a partition). */
  private async resolve(tableName: string): Promise<{ schema: string; name: string; oid: number }> {
    const [schema, name] = tableName.includes('.') ? tableName.split('.', 2) : [null, tableName];
    const [row] = await queryRows<{ schema: string; name: string; oid: number }>(
      this.db,
      sql`select n.nspname as schema, c.relname as name, c.oid::int as oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and not c.relispartition and c.relname = ${name} and ${USER_SCHEMAS}
            and (${schema}::text is null or n.nspname = ${schema})
          order by (n.nspname = 'public') desc limit 1`,
    );
    if (!row) throw notFound('tableStructure.notFound', { table: tableName });
    return row;
  }

  async columns(tableName: string): Promise<{ schema: string; name: string; columns: ColumnInfo[] }> {
    const t = await this.resolve(tableName);
    const rows = await queryRows<{
      position: number;
      name: string;
      type: string;
      notnull: boolean;
      default: string | null;
      comment: string | null;
      pk: boolean;
      uq: boolean;
      ref: string | null;
    }>(
      this.db,
      sql`select a.attnum::int as position, a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull,
            pg_get_expr(d.adbin, d.adrelid) as default, col_description(a.attrelid, a.attnum) as comment,
            exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisprimary and a.attnum = any(i.indkey)) as pk,
            exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisunique and not i.indisprimary and a.attnum = any(i.indkey)) as uq,
            (select fc.relname || '.' || fa.attname from pg_constraint k
               join pg_class fc on fc.oid = k.confrelid
               join pg_attribute fa on fa.attrelid = k.confrelid and fa.attnum = k.confkey[array_position(k.conkey, a.attnum)]
             where k.conrelid = a.attrelid and k.contype = 'f' and a.attnum = any(k.conkey) limit 1) as ref
          from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
          where a.attrelid = ${t.oid} and a.attnum > 0 and not a.attisdropped
          order by a.attnum`,
    );
    return {
      schema: t.schema,
      name: t.name,
      columns: rows.map((r) => ({
        position: Number(r.position),
        name: r.name,
        type: r.type,
        nullable: !r.notnull,
        default: r.default,
        comment: r.comment ?? '',
        primaryKey: r.pk,
        unique: r.uq,
        references: r.ref,
      })),
    };
  }

  /** One table's structure, or every table's in one combined sheet (after a sheet listing the tables). */
  async exportXlsx(lang: Lang, tableName?: string): Promise<Buffer> {
    const tr = (k: string) => translate(lang, `tableStructure.${k}`);
    const yes = tr('yes');
    const tables = tableName ? [await this.resolve(tableName)] : await this.tables(lang);
    const header = ['table', 'position', 'column', 'type', 'nullable', 'default', 'primaryKey', 'unique', 'references', 'comment'].map(
      (k) => tr(`col.${k}`),
    );
    const rows: unknown[][] = [header];
    for (const t of tables) {
      const detail = await this.columns(`${t.schema}.${t.name}`);
      for (const c of detail.columns) {
        rows.push([
          `${detail.schema}.${detail.name}`,
          c.position,
          c.name,
          c.type,
          c.nullable ? yes : '',
          c.default ?? '',
          c.primaryKey ? yes : '',
          c.unique ? yes : '',
          c.references ?? '',
          c.comment,
        ]);
      }
    }
    const sheets = [{ name: tr('columnsSheet'), rows }];
    if (!tableName) {
      const list = tables as TableNode[];
      const head = ['schema', 'table', 'comment', 'rowEstimate', 'partitions'].map((k) => tr(`col.${k}`));
      sheets.unshift({
        name: tr('tablesSheet'),
        rows: [head, ...list.map((t) => [t.schema, t.name, t.comment, t.rowEstimate ?? '', t.partitions || ''])],
      });
    }
    return workbookBuffer(sheets);
  }
}
