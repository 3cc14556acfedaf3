/**
 * ECharts as the dashboards use it, in a chunk of its own that the Chart wrapper loads after the
 * screen's figures are drawn: the core and only the chart types and components the charts set
 * (line and bar series, grid axes, tooltip, legend, a mark line for a target, a title for "no data"), never `echarts` whole.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([LineChart, BarChart, GridComponent, TitleComponent, TooltipComponent, LegendComponent, MarkLineComponent, CanvasRenderer]);

export const init = echarts.init;
