/**
 * A reference picker searching on the server (GET /api/<target>/options?q=&page=): debounced, one
 * page at a time, and the label of the current value asked by id (ids=). Cells show a ref's label
 * through the same endpoint, the ids of one render batched into one request.
 */
import { useQuery } from '@tanstack/react-query';
import { InputNumber, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData, RequestError } from '../../app/request';
import type { Field } from './types';
import './refs.css';

export interface RefOption {
  value: number;
  label: string;
}
interface OptionsPage {
  list: RefOption[];
  total: number;
  page: number;
  pageSize: number;
}

const DEBOUNCE_MS = 300;
const optionsUrl = (resource: string, params: Record<string, string>) => `/${resource}/options?${new URLSearchParams(params).toString()}`;

/** Labels of ref values asked within one tick, per target: one request for a whole table page. */
const pending = new Map<string, { ids: Set<number>; waiters: ((labels: Map<number, string>) => void)[]; fail: ((e: unknown) => void)[] }>();

function labelsOf(resource: string, id: number): Promise<Map<number, string>> {
  return new Promise((resolve, reject) => {
    let batch = pending.get(resource);
    if (!batch) {
      const fresh = { ids: new Set<number>(), waiters: [] as ((l: Map<number, string>) => void)[], fail: [] as ((e: unknown) => void)[] };
      pending.set(resource, fresh);
      batch = fresh;
      setTimeout(() => {
        pending.delete(resource);
        const ids = [...fresh.ids];
        const chunks: number[][] = [];
        for (let i = 0; i < ids.length; i += 100) chunks.push(ids.slice(i, i + 100));
        Promise.all(chunks.map((c) => fetchData<OptionsPage>(optionsUrl(resource, { ids: c.join(',') }), { silent: true })))
          .then((pages) => {
            const labels = new Map(pages.flatMap((p) => p.list.map((o) => [o.value, o.label] as const)));
            for (const w of fresh.waiters) w(labels);
          })
          .catch((e) => {
            for (const f of fresh.fail) f(e);
          });
      }, 0);
    }
    batch.ids.add(id);
    batch.waiters.push(resolve);
    batch.fail.push(reject);
  });
}

/** The label of one ref value as it loads: `pending` until its answer came. */
function useRefLabelQuery(field: Field, value: unknown): { label: string | undefined; pending: boolean } {
  const resource = field.ref?.resource ?? '';
  const id = Number(value);
  const ok = !!resource && Number.isInteger(id) && id > 0;
  const q = useQuery({
    queryKey: ['ref-label', resource, id],
    queryFn: async () => (await labelsOf(resource, id)).get(id) ?? null,
    enabled: ok,
    staleTime: 60_000,
    retry: false,
  });
  return { label: q.data ?? undefined, pending: ok && q.isPending };
}

/** The label of one ref value (undefined while loading, or when the caller may not read the target). */
export function useRefLabel(field: Field, value: unknown): string | undefined {
  return useRefLabelQuery(field, value).label;
}

/**
 * A table cell of a ref field: its label; the id only when no label came (a row the caller may not
 * read) — never the id while the label loads (a bill's id read as its number).
 */
export function RefLabel({ field, value }: { field: Field; value: unknown }) {
  const { label, pending } = useRefLabelQuery(field, value);
  if (pending) return <span className="ops-empty">…</span>;
  return <>{label ?? String(value)}</>;
}

export interface RefSelectProps {
  field: Field;
  value?: unknown;
  onChange?: (v: unknown) => void;
  onBlur?: () => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
}

/** The picker of a ref field (form input or search filter). */
export function RefSelect({ field, value, onChange, onBlur, id, disabled, placeholder, testId }: RefSelectProps) {
  const { t } = useTranslation();
  const resource = field.ref?.resource ?? '';
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useQuery({
    queryKey: ['ref-options', resource, q],
    queryFn: () => fetchData<OptionsPage>(optionsUrl(resource, { q, page: '1' }), { silent: true }),
    enabled: !!resource && open,
    staleTime: 30_000,
    retry: false,
  });
  const current = useRefLabel(field, value);
  const options = useMemo(() => {
    const list = search.data?.list ?? [];
    const id = Number(value);
    const has = list.some((o) => o.value === id);
    return value !== undefined && value !== null && value !== '' && !has && current ? [{ value: id, label: current }, ...list] : list;
  }, [search.data, value, current]);
  const denied = search.error instanceof RequestError && search.error.code === 403;
  const test = testId ?? `field-${field.key}`;
  if (denied)
    return (
      <InputNumber
        value={value as number}
        onChange={(v) => onChange?.(v)}
        onBlur={onBlur}
        id={id}
        disabled={disabled}
        min={1}
        precision={0}
        style={{ width: '100%' }}
        placeholder={t('resource.refIdPlaceholder')}
        data-testid={test}
      />
    );
  const more = (search.data?.total ?? 0) - (search.data?.list.length ?? 0);
  return (
    <Select
      value={value === '' ? undefined : (value as number | undefined)}
      onChange={(v) => onChange?.(v ?? null)}
      onBlur={onBlur}
      id={id}
      disabled={disabled}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onOpenChange={setOpen}
      loading={search.isFetching}
      options={options}
      placeholder={placeholder ?? t('resource.selectPlaceholder')}
      notFoundContent={search.isFetching ? t('refs.searching') : t('refs.noMatch')}
      popupRender={(menu) => (
        <>
          {menu}
          {more > 0 && <div className="ref-select-more">{t('refs.moreMatches', { count: more })}</div>}
        </>
      )}
      data-testid={test}
    />
  );
}
