/**
 * ECharts wrapper: only the chart types the dashboards use are bundled. A chart does not animate when
 * the user asks for reduced motion; `data-drawn` tells when its last option has been drawn.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '../app/reduced-motion';

echarts.use([LineChart, PieChart, BarChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

export function Chart({ option, height = 300, testId }: { option: ChartOption; height?: number; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    if (!ref.current) return;
    const el = ref.current;
    const instance = echarts.init(el);
    chart.current = instance;
    instance.on('finished', () => el.setAttribute('data-drawn', '1'));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    ref.current?.removeAttribute('data-drawn');
    chart.current?.setOption(reducedMotion ? { ...option, animation: false } : option, true);
  }, [option, reducedMotion]);

  return <div ref={ref} style={{ width: '100%', height }} data-testid={testId} data-chart="" />;
}
