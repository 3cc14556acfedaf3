/**
 * Attribute fields (f.attrs): the tenant's template of the field's source (goods or location
 * attributes, GET /api/attrs/<source>) drawn as one input per attribute — text, number, date or a
 * select of the code table's values — with required marks and the attributes' names as labels.
 * The value is an object {attribute code: value}; the server checks it again on save.
 */
import { translate } from '@tagloom/domain/i18n/index.ts';
import type { Lang } from '@tagloom/domain/lang.ts';
import { fieldMessage, requiredMessage } from '@tagloom/domain/validation.ts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, DatePicker, Input, InputNumber, Row, Select, Skeleton, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../app/request';
import { normalizeLang } from '../../domain';
import { DATE_FORMAT } from './model';
import type { Field } from './types';
import './attrs.css';

/** One attribute of a template, as GET /api/attrs/<source> serves it. */
export interface AttrSpec {
  code: string;
  name: string;
  /** AttrValueType: 1 text, 2 number, 3 date, 4 option list */
  type: 1 | 2 | 3 | 4;
  required: boolean;
  options?: { value: string; label: string }[];
}

type Attrs = Record<string, string | number>;

const TEXT_MAX = 512;
const attrsKey = (source: string) => ['attrs', source];
const loadAttrs = (source: string) => fetchData<AttrSpec[]>(`/attrs/${source}`, { silent: true });

/** The attribute specs of a field's source (cached a minute: templates and code tables change rarely). */
export function useAttrSpecs(field: Field) {
  const source = field.attrs ?? '';
  return useQuery({ queryKey: attrsKey(source), queryFn: () => loadAttrs(source), enabled: !!source, staleTime: 60_000 });
}

/** A stored or typed value as an object (the form may hold the JSON text of an edited row). */
export function attrsOf(value: unknown): Attrs {
  if (typeof value === 'string') {
    try {
      return attrsOf(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Attrs) : {};
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** The first problem of the value against the specs, as a sentence naming the attribute; else undefined. */
export function attrsProblem(specs: AttrSpec[], value: unknown, lang: Lang): string | undefined {
  const attrs = attrsOf(value);
  for (const s of specs) {
    const v = attrs[s.code];
    if (blank(v)) {
      if (s.required) return requiredMessage(lang, s.name, s.type >= 3 ? 'select' : 'enter');
      continue;
    }
    if (s.type === 2 && !Number.isFinite(Number(v))) return fieldMessage(lang, s.name, translate(lang, 'validation.attrNumber'));
    if (s.type === 3 && !dayjs(String(v), DATE_FORMAT, true).isValid())
      return fieldMessage(lang, s.name, translate(lang, 'validation.attrDate'));
    if (s.type === 4 && !(s.options ?? []).some((o) => o.value === String(v)))
      return fieldMessage(
        lang,
        s.name,
        translate(lang, 'validation.attrOption', { values: (s.options ?? []).map((o) => o.label).join(' / ') }),
      );
  }
  return undefined;
}

/**
 * The form rule of attribute fields: the template's required and typed attributes, checked with
 * the specs the input loaded (none loaded yet: the server checks on save).
 */
export function useAttrsRule(): (field: Field, value: unknown, lang: Lang) => string | undefined {
  const client: QueryClient = useQueryClient();
  return useCallback(
    (field, value, lang) => {
      if (!field.attrs) return undefined;
      const specs = client.getQueryData<AttrSpec[]>(attrsKey(field.attrs));
      return specs ? attrsProblem(specs, value, lang) : undefined;
    },
    [client],
  );
}

/** Only the template's attributes, with a value (blank inputs are left out). */
const cleaned = (specs: AttrSpec[], attrs: Attrs): Attrs =>
  Object.fromEntries(specs.filter((s) => !blank(attrs[s.code])).map((s) => [s.code, attrs[s.code]]));

export interface AttrsInputProps {
  field: Field;
  value?: unknown;
  onChange?: (v: unknown) => void;
  /** the form checks the field when focus leaves it */
  onBlur?: () => void;
  disabled?: boolean;
  id?: string;
}

/** The form input of an attribute field (antd Form.Item passes value/onChange/id). */
export function AttrsInput({ field, value, onChange, onBlur, disabled, id }: AttrsInputProps) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const specs = useAttrSpecs(field);
  const attrs = attrsOf(value);
  const list = specs.data ?? [];
  const stale = specs.isSuccess ? Object.keys(attrs).filter((k) => !list.some((s) => s.code === k)) : [];

  // values of attributes the template no longer has would be refused on save: they are dropped
  useEffect(() => {
    if (specs.isSuccess && stale.length) onChange?.(cleaned(list, attrs));
  }, [specs.isSuccess, stale.length]);

  if (specs.isLoading) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (specs.isError) return <Alert type="error" showIcon title={t('attrs.loadFailed')} />;
  if (!list.length)
    return (
      <div className="attrs-none" data-testid={`field-${field.key}`}>
        {t('attrs.noTemplate')}
      </div>
    );

  const set = (code: string, v: unknown) => onChange?.(cleaned(list, { ...attrs, [code]: v as string | number }));
  return (
    <fieldset className="attrs-input" id={id} aria-label={field.label[lang]} onBlur={onBlur} data-testid={`field-${field.key}`}>
      <Row gutter={[12, 8]}>
        {list.map((s) => {
          const v = attrs[s.code];
          const testId = `attr-${s.code}`;
          const inputId = `${id ?? field.key}-${s.code}`;
          const common = { id: inputId, disabled, 'data-testid': testId };
          let input: React.ReactNode;
          switch (s.type) {
            case 2:
              input = (
                <InputNumber
                  {...common}
                  value={blank(v) ? null : Number(v)}
                  onChange={(n) => set(s.code, n ?? undefined)}
                  style={{ width: '100%' }}
                  placeholder={t('resource.inputPlaceholder')}
                />
              );
              break;
            case 3:
              input = (
                <DatePicker
                  {...common}
                  value={blank(v) ? null : dayjs(String(v), DATE_FORMAT)}
                  onChange={(d) => set(s.code, d ? d.format(DATE_FORMAT) : undefined)}
                  format={DATE_FORMAT}
                  style={{ width: '100%' }}
                />
              );
              break;
            case 4:
              input = (
                <Select
                  {...common}
                  value={blank(v) ? undefined : String(v)}
                  onChange={(o) => set(s.code, o)}
                  options={s.options ?? []}
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('resource.selectPlaceholder')}
                  notFoundContent={t('attrs.noOptions', { code: s.code })}
                />
              );
              break;
            default:
              input = (
                <Input
                  {...common}
                  value={blank(v) ? '' : String(v)}
                  onChange={(e) => set(s.code, e.target.value)}
                  maxLength={TEXT_MAX}
                  placeholder={t('resource.inputPlaceholder')}
                />
              );
          }
          return (
            <Col key={s.code} xs={24} sm={12}>
              <label className="attrs-label" htmlFor={inputId}>
                {s.required && (
                  <span className="attrs-required" aria-hidden>
                    *
                  </span>
                )}
                <Tooltip title={s.code}>
                  <span>{s.name}</span>
                </Tooltip>
              </label>
              {input}
            </Col>
          );
        })}
      </Row>
    </fieldset>
  );
}

/** An attribute field in a table cell or a detail: "颜色系: 红色系 · 面料: 棉", option values by their labels. */
export function AttrsCell({ field, value }: { field: Field; value: unknown }) {
  const specs = useAttrSpecs(field);
  const attrs = attrsOf(value);
  const parts = Object.entries(attrs)
    .filter(([, v]) => !blank(v))
    .map(([code, v]) => {
      const s = specs.data?.find((x) => x.code === code);
      const shown = s?.type === 4 ? (s.options?.find((o) => o.value === String(v))?.label ?? String(v)) : String(v);
      return `${s?.name ?? code}: ${shown}`;
    });
  if (!parts.length) return <span className="resource-empty">-</span>;
  const text = parts.join(' · ');
  return (
    <Tooltip title={text} placement="topLeft">
      <span className="resource-token attrs-cell">{text}</span>
    </Tooltip>
  );
}
