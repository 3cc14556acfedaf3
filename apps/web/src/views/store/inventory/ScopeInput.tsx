/**
 * A count's goods (its scope): brands and categories picked among the tenant's, style numbers typed
 * (each left empty: any; all empty: every SKU of its zones). The value is the declaration's
 * CountScope, or null for all goods.
 */
import type { CountScope } from '@tagloom/domain/resources/store/inventory.ts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../../app/request';

interface InputProps {
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
  disabled?: boolean;
  /** the screen whose scope options route answers (store/inventory, logistics/inventory) */
  screen: string;
}

const listOf = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export function ScopeInput({ value, onChange, id, disabled, screen }: InputProps) {
  const { t } = useTranslation();
  const options = useQuery({
    queryKey: [screen, 'scope-options'],
    queryFn: () =>
      fetchData<{ brands: { id: number; name: string }[]; categories: string[] }>(`/${screen}/scope-options`, { silent: true }),
    staleTime: 60_000,
  });
  const scope = (value && typeof value === 'object' ? value : {}) as CountScope;
  const set = (patch: Partial<CountScope>) => {
    const next: CountScope = { ...scope, ...patch };
    const kept = Object.fromEntries(Object.entries(next).filter(([, v]) => Array.isArray(v) && v.length));
    onChange?.(Object.keys(kept).length ? kept : null);
  };
  // (brands and categories: picked among the tenant's)
  const picked = { mode: 'multiple' as const, allowClear: true, disabled, loading: options.isFetching };
  return (
    <Flex vertical gap={8} id={id} data-testid="field-scope">
      <Select
        {...picked}
        placeholder={t('count.scopeBrands')}
        value={listOf<number>(scope.brandIds)}
        onChange={(v: number[]) => set({ brandIds: v })}
        options={(options.data?.brands ?? []).map((b) => ({ value: b.id, label: b.name }))}
        optionFilterProp="label"
        data-testid="scope-brands"
      />
      <Select
        {...picked}
        placeholder={t('count.scopeCategories')}
        value={listOf<string>(scope.categories)}
        onChange={(v: string[]) => set({ categories: v })}
        options={(options.data?.categories ?? []).map((c) => ({ value: c, label: c }))}
        data-testid="scope-categories"
      />
      <Select
        mode="tags"
        allowClear
        disabled={disabled}
        placeholder={t('count.scopeStyles')}
        value={listOf<string>(scope.styles)}
        onChange={(v: string[]) => set({ styles: v.map((s) => s.trim()).filter(Boolean) })}
        tokenSeparators={[',', ' ', '，']}
        open={false}
        suffixIcon={null}
        data-testid="scope-styles"
      />
    </Flex>
  );
}

/** A count's goods as a line of text: brands, categories, styles (null: none limits it). */
export function scopeText(row: Record<string, unknown>, sep: string): string | null {
  const s = (row.scope && typeof row.scope === 'object' ? row.scope : {}) as CountScope;
  const parts = [...listOf<string>(row.brandNames), ...listOf<string>(s.categories), ...listOf<string>(s.styles)];
  return parts.length ? parts.join(sep) : null;
}
