/** Cells and labels of the fitting-room reports: counts, ratios as percentages, seconds. */
import type { ReactNode } from 'react';

/** A count (or a mean), '-' for none. */
export const num = (v: number | null | undefined): ReactNode => (v == null ? <span className="ops-empty">-</span> : v.toLocaleString());

/** A ratio 0–1 as a percentage with one decimal, '-' for none. */
export const pct = (v: number | null | undefined): ReactNode =>
  v == null ? <span className="ops-empty">-</span> : `${(v * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })} %`;

/** A ratio 0–1 as a chart's percentage (one decimal), null stays null (a gap). */
export const pctValue = (v: number | null | undefined): number | null => (v == null ? null : Math.round(v * 1000) / 10);
