/**
 * ECharts as the dashboards use it, in a chunk of its own that the Chart wrapper loads after the
 * screen's figures are drawn: the core and only the chart types and components the charts set
 * (line, bar, heat-map and funnel series, grid axes, tooltip, legend, a visual map for a heat map's
 * scale, a mark line for a target, a title for "no data"), never `echarts` whole.
 */
import { BarChart, FunnelChart, HeatmapChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  LineChart,
  BarChart,
  HeatmapChart,
  FunnelChart,
  GridComponent,
  TitleComponent,
  TooltipComponent,
  LegendComponent,
  MarkLineComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export const init = echarts.init;
