/**
 * ECharts as the dashboards use it, in a chunk of its own that the Chart wrapper loads after the
 * screen's figures are drawn: the core and only the chart types and components the charts set
 * (line and bar series, grid axes, tooltip, a legend where several series share a chart, a title for
 * "no data"), never `echarts` whole.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export const init = echarts.init;
