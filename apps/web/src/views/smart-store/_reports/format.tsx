/** Cells and labels of the fitting-room reports: counts, ratios as percentages, seconds. */
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';

/** A count (or a mean), '-' for none. */
export const num = (v: number | null | undefined): ReactNode => (v == null ? <span className="ops-empty">-</span> : v.toLocaleString());

/** A ratio 0–1 as a percentage with one decimal, '-' for none. */
export const pct = (v: number | null | undefined): ReactNode =>
  v == null ? <span className="ops-empty">-</span> : `${(v * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })} %`;

/** A ratio 0–1 as a chart's percentage (one decimal), null stays null (a gap). */
export const pctValue = (v: number | null | undefined): number | null => (v == null ? null : Math.round(v * 1000) / 10);

/** Right-aligned columns of figures, one a key: titled by `title`, each cell drawn by `cell` (num, pct). */
export const figureColumns = <R,>(
  keys: readonly string[],
  title: (key: string) => string,
  cell: (v: number | null | undefined) => ReactNode,
  width: number,
): TableColumnsType<R> =>
  keys.map((k) => ({ key: k, dataIndex: k, title: title(k), width, align: 'right' as const, render: (v: number | null) => cell(v) }));
