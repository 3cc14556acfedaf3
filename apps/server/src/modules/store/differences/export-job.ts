/**
 * A difference list's export to the ERP (job kind store.differenceExport): the adjustment — per SKU
 * not ignored whose figures differ, its GTIN, the ERP's and RFID's figures and the correction —
 * written as a sheet (with the list's totals and KPIs on a second sheet), stored for the job's owner
 * to download. The job's end moves the list in the same transaction: EXPORTED with the file, or
 * EXPORT_ERROR with the reason (a SKU without a GTIN the ERP could take, a failure to store the file),
 * from which it may be exported again.
 */
import { Readable } from 'node:stream';
import { type Lang, translate } from '@tagloom/domain';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import type { JobKind } from '../../../core/queue/registry.js';
import { EXPORT_FILE_SCOPE } from '../../../core/queue/resource-jobs.js';
import { workbookBuffer } from '../../../core/resource/excel.js';
import { TenantScope } from '../../../core/tenant-scope.js';
import { queryRows } from '../../../db/client.js';
import { adjustmentOf, moveList } from './service.js';

export const DIFF_EXPORT_KIND = 'store.differenceExport';

export interface DiffExportPayload {
  listId: number;
  lang: Lang;
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

/** The adjustment's workbook in a language: the lines, then the list's head, totals and KPIs. */
export function adjustmentWorkbook(lang: Lang, adj: Awaited<ReturnType<typeof adjustmentOf>>): Buffer {
  const t = (k: string, p?: Record<string, unknown>) => translate(lang, `differences.sheet.${k}`, p);
  const { head, lines } = adj;
  const header = ['site', 'gtin', 'sku', 'name', 'erpQty', 'rfidQty', 'qty', 'price', 'value'].map((c) => t(`col.${c}`));
  const rows: unknown[][] = [header];
  for (const l of lines) rows.push([head.site_code, l.gtin, l.sku, l.name, l.erpQty, l.rfidQty, l.qty, l.price, l.value]);
  rows.push([
    t('total'),
    '',
    '',
    '',
    lines.reduce((a, l) => a + l.erpQty, 0),
    lines.reduce((a, l) => a + l.rfidQty, 0),
    lines.reduce((a, l) => a + l.qty, 0),
    '',
    Math.round(lines.reduce((a, l) => a + l.value, 0) * 100) / 100,
  ]);
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : '');
  const summary: unknown[][] = [
    [t('head.code'), head.code],
    [t('head.site'), `${head.site_code} ${head.site_name}`],
    [t('head.erpRef'), head.extern_ref],
    [t('head.erpTime'), iso(head.stock_time)],
    [t('head.rfidAt'), iso(head.rfid_at)],
    [t('head.approvedBy'), head.approver ?? ''],
    [t('head.approvedAt'), iso(head.approved_at)],
    [t('head.plus'), head.plus_qty],
    [t('head.minus'), head.minus_qty],
    [t('head.absolute'), head.abs_qty],
    [t('head.ignored'), head.ignored_skus],
    [t('head.value'), head.diff_value, head.currency],
    [t('head.smape'), pct(head.accuracy_smape)],
    [t('head.skuAccuracy'), pct(head.accuracy_sku)],
  ];
  return workbookBuffer([
    { name: t('linesName'), rows },
    { name: t('headName'), rows: summary },
  ]);
}

export const diffExportJob: JobKind = {
  kind: DIFF_EXPORT_KIND,
  maxAttempts: 2,
  limit: { perOwner: 2, perTenant: 4 },
  async run({ ctx, services }, job, progress) {
    const p = job.payload as DiffExportPayload;
    await progress.start(1, 'differences.phase.exporting');
    const adj = await adjustmentOf(ctx.db, job.tenantId, p.listId);
    if (!adj.head) throw badRequest('differences.gone');
    // the ERP takes its adjustment by GTIN: a SKU without one cannot be sent
    const noGtin = adj.lines.filter((l) => !l.gtin).map((l) => l.sku);
    if (noGtin.length) throw badRequest('differences.noGtin', { count: noGtin.length, skus: noGtin.slice(0, 5).join(', ') });
    const buf = adjustmentWorkbook(p.lang, adj);
    const file = await services.files.store(new TenantScope(ctx.db, job.tenantId), Readable.from([buf]), {
      scope: EXPORT_FILE_SCOPE,
      name: `${translate(p.lang, 'differences.sheet.fileName')}-${adj.head.code}.xlsx`,
      maxBytes: 256 * 1024 * 1024,
      allowed: ['xlsx'],
      uploadedBy: job.createdBy,
    });
    await progress.report(1);
    return {
      message: 'differences.exported',
      params: { code: adj.head.code, lines: adj.lines.length },
      fileId: file.id,
      result: { name: file.name, size: file.size, lines: adj.lines.length },
    };
  },
  // the list follows the job's end, in the transaction that ends it
  async ended(tx, _c, job) {
    const p = job.payload as DiffExportPayload;
    const [end] = await queryRows<{
      state: string;
      message: string;
      message_params: Record<string, unknown> | null;
      result_file_id: number | null;
    }>(tx, sql`select state, message, message_params, result_file_id::int from jobs where tenant_id = ${job.tenantId} and id = ${job.id}`);
    const [list] = await queryRows<{ id: number; code: string; export_job_id: string | null; status: number }>(
      tx,
      sql`select id::int, code, export_job_id, status from stock_difference_lists where tenant_id = ${job.tenantId} and id = ${p.listId} for update`,
    );
    if (!list || list.export_job_id !== job.id) return;
    if (end?.state === 'done')
      await moveList(
        tx,
        job.tenantId,
        list,
        'exported',
        p.lang,
        sql`, exported_at = now(), export_file_id = ${end.result_file_id}, export_message = ''`,
      );
    else
      await moveList(
        tx,
        job.tenantId,
        list,
        'exportFailed',
        p.lang,
        sql`, export_message = ${translate(p.lang, end?.message || 'jobs.message.failed', end?.message_params ?? {}).slice(0, 500)}`,
      );
  },
};
