/**
 * The admin dashboard's data, fetched with the route table when it is the first screen (app/views.ts),
 * so that it is on its way before the dashboard's code has arrived. The dashboard reads the same queries.
 */
import type { QueryClient } from '@tanstack/react-query';
import { currentLang } from '../../../app/i18n';
import { fetchData } from '../../../app/request';
import type { AdminSummary } from './index';
import type { Widget } from './rfid-live';

export const summaryQuery = () => ({
  queryKey: ['dashboard', 'admin', currentLang()],
  queryFn: () => fetchData<AdminSummary>('/dashboard/admin/summary'),
});

export const WIDGETS_KEY = ['dashboard', 'admin', 'widgets'];
export const widgetsQuery = () => ({
  queryKey: WIDGETS_KEY,
  queryFn: () => fetchData<Widget[]>('/dashboard/admin/widgets'),
});

export function prefetch(client: QueryClient): void {
  void client.prefetchQuery(summaryQuery());
  void client.prefetchQuery(widgetsQuery());
}
