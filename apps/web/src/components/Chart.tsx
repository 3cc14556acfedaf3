/**
 * ECharts wrapper. ECharts itself (components/echarts.ts, half a megabyte) loads when the first chart
 * mounts, so that a screen draws its figures without waiting for it; the chart's box keeps its
 * height meanwhile. A chart does not animate when the user asks for reduced motion; `data-drawn`
 * tells when its last option has been drawn. A screen reader hears the chart by its axes' names
 * (each with its unit), the canvas itself having no text.
 */
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../app/reduced-motion';

export type ChartOption = EChartsCoreOption;

let loading: Promise<typeof import('./echarts')> | undefined;
/** Starts loading ECharts (once); a screen may call it early, e.g. at idle. */
export const loadECharts = () => {
  loading ??= import('./echarts').catch((err) => {
    loading = undefined;
    throw err;
  });
  return loading;
};

/** The names of the chart's axes (x first), as its accessible label: 'Reads · Site'. */
export function chartLabel(option: ChartOption): string {
  const names = (axis: unknown) =>
    (Array.isArray(axis) ? axis : [axis])
      .map((a) => (a as { name?: unknown } | undefined)?.name)
      .filter((n): n is string => typeof n === 'string' && n !== '');
  return [...names(option.xAxis), ...names(option.yAxis)].join(' · ');
}

export function Chart({ option, height = 300, testId }: { option: ChartOption; height?: number; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let instance: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    loadECharts().then(
      ({ init }) => {
        if (gone) return;
        instance = init(el);
        instance.on('finished', () => el.setAttribute('data-drawn', '1'));
        observer = new ResizeObserver(() => instance?.resize());
        observer.observe(el);
        setChart(instance);
      },
      (err) => console.error('[chart]', err),
    );
    return () => {
      gone = true;
      observer?.disconnect();
      instance?.dispose();
      setChart(null);
    };
  }, []);

  useEffect(() => {
    if (!chart) return;
    ref.current?.removeAttribute('data-drawn');
    chart.setOption(reducedMotion ? { ...option, animation: false } : option, true);
  }, [chart, option, reducedMotion]);

  const label = chartLabel(option);
  return (
    <div
      ref={ref}
      style={{ width: '100%', height }}
      data-testid={testId}
      data-chart=""
      {...(label ? { role: 'img', 'aria-label': label } : {})}
    />
  );
}
