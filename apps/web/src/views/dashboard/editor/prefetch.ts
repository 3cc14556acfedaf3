/** The editor dashboard's data, fetched with the route table when it is the first screen (app/views.ts). */
import type { QueryClient } from '@tanstack/react-query';
import { currentLang } from '../../../app/i18n';
import { fetchData } from '../../../app/request';
import type { EditorSummary } from './index';

export const summaryQuery = () => ({
  queryKey: ['dashboard', 'editor', currentLang()],
  queryFn: () => fetchData<EditorSummary>('/dashboard/editor/summary'),
});

export function prefetch(client: QueryClient): void {
  void client.prefetchQuery(summaryQuery());
}
