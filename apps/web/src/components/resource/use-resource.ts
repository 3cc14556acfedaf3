/** Queries and mutations of one resource (TanStack Query; the list key is ['resource', code, …]). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../app/i18n';
import { fetchData, request } from '../../app/request';
import { runExport } from '../jobs/export';
import { toQueryBody } from './model';
import type { Field, PageResult, Paging, ResourceDef, Row } from './types';

export const listKey = (code: string) => ['resource', code, 'list'];

/**
 * A page of the list. `refreshEvery`: while the page's rows wait for what readers do (an order being
 * read at its pack station), how often to ask again (ms; false: not) — a visible screen only.
 */
export function useResourceList(
  def: ResourceDef,
  filters: Record<string, unknown>,
  paging: Paging,
  enabled = true,
  refreshEvery?: (rows: Row[]) => number | false,
) {
  const { i18n } = useTranslation();
  const body = toQueryBody(def, filters, paging);
  return useQuery({
    queryKey: [...listKey(def.code), body, i18n.language],
    queryFn: () => fetchData<PageResult>(`/${def.code}/list`, { method: 'POST', data: body }),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: refreshEvery ? (q) => refreshEvery(q.state.data?.list ?? []) : false,
  });
}

/** Create/update/delete; each refreshes the list. Messages are the server's. */
export function useResourceMutations(def: ResourceDef) {
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: ['resource', def.code] });
  const save = useMutation({
    mutationFn: ({ body, mode }: { body: Record<string, unknown>; mode: 'create' | 'edit' }) =>
      request<Row>(`/${def.code}/${mode === 'create' ? 'create' : 'update'}`, { method: 'POST', data: body, silent: true }),
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => request<{ deleted: number }>(`/${def.code}/delete`, { method: 'POST', data: { ids } }),
    onSuccess: invalidate,
  });
  return { save, remove, invalidate };
}

export interface RefOptions {
  options: { value: number; label: string }[];
  labelOf: (id: unknown) => string | undefined;
  /** the caller may not read the referenced resource (403): the form falls back to a number input */
  denied: boolean;
  loading: boolean;
}

/** Options of a ref field from /api/<ref.resource>/list (up to 500 rows). */
export function useRefOptions(f: Field | undefined): RefOptions {
  const ref = f?.ref;
  const q = useQuery({
    queryKey: ['resource', ref?.resource ?? '-', 'options', ref?.labelField],
    queryFn: () => fetchData<PageResult>(`/${ref!.resource}/list`, { method: 'POST', data: { page: 1, pageSize: 500 }, silent: true }),
    enabled: !!ref,
    staleTime: 60_000,
  });
  const options = (q.data?.list ?? []).map((r) => ({ value: r.id, label: String(r[ref?.labelField ?? 'id'] ?? r.id) }));
  const byId = new Map(options.map((o) => [o.value, o.label]));
  return {
    options,
    labelOf: (id) => byId.get(Number(id)),
    denied: q.isError,
    loading: q.isLoading,
  };
}

/** Exports the filtered rows as a job (progress, cancel), then saves its .xlsx. */
export const exportRows = (def: ResourceDef, filters: Record<string, unknown>, paging: Paging) =>
  runExport(def.code, def.names[currentLang()], toQueryBody(def, filters, { ...paging, page: 1 }));

export const downloadTemplate = (def: ResourceDef) => request(`/${def.code}/template`);
