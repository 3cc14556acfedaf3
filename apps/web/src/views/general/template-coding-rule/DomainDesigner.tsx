/**
 * The coding rule's domains, designed: rows to add, remove and reorder, each with its length and
 * value (start and end bits computed as you type), a bit bar of each domain's share of the total,
 * the live sample (hex and each domain's bits, made by the server's rule engine) with the rule's
 * warnings, and a box that decodes any EPC.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { VALUE_TYPE } from '@tagloom/domain/coding/index.ts';
import { translate } from '@tagloom/domain/i18n/index.ts';
import { Alert, Button, Form, Input, InputNumber, Select, Tag, Tooltip } from 'antd';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enumOptionsOf } from '../../../components/resource/model';
import type { Field, ResourceDef } from '../../../components/resource/types';
import { normalizeLang } from '../../../domain';
import { bitsUsed, blankDomain, type DraftDomain, move, preview, relayout, segments, setField } from './designer-logic';
import { EpcDecoder } from './EpcDecoder';

interface Props {
  def: ResourceDef;
  disabled?: boolean;
  value?: unknown;
  onChange?: (v: DraftDomain[]) => void;
  id?: string;
}

const asDomains = (v: unknown): DraftDomain[] => (Array.isArray(v) ? (v as DraftDomain[]) : []);

export function DomainDesigner({ def, disabled, value, onChange, id }: Props) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const form = Form.useFormInstance();
  const total = Form.useWatch('totalLength', form) as number | undefined;
  const prefixLength = Form.useWatch('companyPrefixLength', form) as number | undefined;
  const domains = asDomains(value);
  const [gtin, setGtin] = useState('');
  const items = (def.fields.domains.items ?? {}) as Record<string, Field>;
  const label = (k: string) => items[k]?.label[lang] ?? k;
  const options = (k: string) => enumOptionsOf({ ...items[k], key: k } as Field, lang);
  const change = (next: DraftDomain[]) => onChange?.(relayout(next));
  const set = (i: number, k: keyof DraftDomain, v: unknown) => onChange?.(setField(domains, i, k, v));

  const used = bitsUsed(domains);
  const bar = segments(domains, total ?? 0);
  const rule = useDeferredValue(
    useMemo(() => ({ totalLength: total, companyPrefixLength: prefixLength, domains }), [total, prefixLength, domains]),
  );
  const deferredGtin = useDeferredValue(gtin);
  const sample = useMemo(() => (rule.domains.length ? preview(rule, deferredGtin) : undefined), [rule, deferredGtin]);
  const message = (key: string, params: Record<string, unknown>) => translate(lang, key, params);

  const cellId = (i: number, k: string) => `coding-domain-${i}-${k}`;
  /** One labelled input of a domain row. */
  const cell = (i: number, k: string, input: ReactNode, wide = false) => (
    <div className={`cr-cell${wide ? ' cr-cell-wide' : ''}`} key={k}>
      <label className="cr-cell-label" htmlFor={cellId(i, k)}>
        {k === 'bits' ? t('codingRule.bits') : label(k)}
      </label>
      {input}
    </div>
  );
  const gtinType = (d: DraftDomain) => d.valueType === VALUE_TYPE.goods || d.valueType === VALUE_TYPE.gs1Item;
  const renderRow = (d: DraftDomain, i: number) => (
    <div className="cr-row" key={i} data-testid={`coding-domain-${i}`}>
      <div className={`cr-row-swatch cr-vt-${d.valueType}`} />
      <div className="cr-order">
        <span className="cr-order-no">{i + 1}</span>
        <Button
          size="small"
          type="text"
          icon={<ArrowUpOutlined />}
          disabled={disabled || i === 0}
          aria-label={t('codingRule.moveUp')}
          onClick={() => onChange?.(move(domains, i, -1))}
          data-testid={cellId(i, 'up')}
        />
        <Button
          size="small"
          type="text"
          icon={<ArrowDownOutlined />}
          disabled={disabled || i === domains.length - 1}
          aria-label={t('codingRule.moveDown')}
          onClick={() => onChange?.(move(domains, i, 1))}
          data-testid={cellId(i, 'down')}
        />
      </div>
      <div className="cr-cells">
        {cell(
          i,
          'name',
          <Input
            size="small"
            value={d.name}
            maxLength={32}
            disabled={disabled}
            onChange={(e) => set(i, 'name', e.target.value)}
            id={cellId(i, 'name')}
            data-testid={cellId(i, 'name')}
          />,
        )}
        {cell(
          i,
          'valueType',
          <Select
            size="small"
            value={d.valueType}
            options={options('valueType')}
            disabled={disabled}
            popupMatchSelectWidth={false}
            onChange={(v) => set(i, 'valueType', v)}
            id={cellId(i, 'valueType')}
            data-testid={cellId(i, 'valueType')}
          />,
          true,
        )}
        {cell(
          i,
          'length',
          <InputNumber
            size="small"
            min={1}
            max={512}
            precision={0}
            value={d.length ?? undefined}
            disabled={disabled || d.valueType === VALUE_TYPE.gs1Item || d.valueType === VALUE_TYPE.partition}
            onChange={(v) => set(i, 'length', v ?? null)}
            id={cellId(i, 'length')}
            data-testid={cellId(i, 'length')}
          />,
        )}
        {cell(
          i,
          'bits',
          <span className="cr-mono cr-bits-range" data-testid={cellId(i, 'bits')}>
            {d.startIndex}–{d.endIndex}
          </span>,
        )}
        {cell(
          i,
          'base',
          <Select
            size="small"
            value={d.base}
            options={options('base')}
            disabled={disabled}
            onChange={(v) => set(i, 'base', v)}
            id={cellId(i, 'base')}
            data-testid={cellId(i, 'base')}
          />,
        )}
        {cell(
          i,
          'defaultValue',
          <Input
            size="small"
            className="cr-mono"
            value={d.defaultValue ?? ''}
            maxLength={128}
            disabled={disabled || d.valueType === VALUE_TYPE.partition}
            placeholder={gtinType(d) ? t('codingRule.sampleGtinHint') : undefined}
            onChange={(e) => set(i, 'defaultValue', e.target.value)}
            id={cellId(i, 'defaultValue')}
            data-testid={cellId(i, 'defaultValue')}
          />,
          gtinType(d),
        )}
        {cell(
          i,
          'startValue',
          <Input
            size="small"
            className="cr-mono"
            value={d.startValue ?? ''}
            maxLength={128}
            disabled={disabled}
            onChange={(e) => set(i, 'startValue', e.target.value)}
            id={cellId(i, 'startValue')}
            data-testid={cellId(i, 'startValue')}
          />,
        )}
        {cell(
          i,
          'padding',
          <Select
            size="small"
            value={d.padding}
            options={options('padding')}
            disabled={disabled || d.valueType !== VALUE_TYPE.fixed}
            popupMatchSelectWidth={false}
            onChange={(v) => set(i, 'padding', v)}
            id={cellId(i, 'padding')}
            data-testid={cellId(i, 'padding')}
          />,
        )}
        {cell(
          i,
          'alias',
          <Input
            size="small"
            value={d.alias ?? ''}
            maxLength={64}
            disabled={disabled}
            onChange={(e) => set(i, 'alias', e.target.value)}
            id={cellId(i, 'alias')}
            data-testid={cellId(i, 'alias')}
          />,
        )}
      </div>
      <Tooltip title={t('codingRule.removeDomain')}>
        <Button
          size="small"
          type="text"
          danger
          className="cr-remove"
          icon={<DeleteOutlined />}
          disabled={disabled}
          aria-label={t('codingRule.removeDomain')}
          onClick={() => change(domains.filter((_d, j) => j !== i))}
          data-testid={cellId(i, 'remove')}
        />
      </Tooltip>
    </div>
  );

  const fits = !!total && used === total;
  return (
    <div className="cr-designer" id={id} data-testid="field-domains">
      <div className="cr-head">
        <Button
          icon={<PlusOutlined />}
          disabled={disabled}
          onClick={() => change([...domains, blankDomain(domains, t('codingRule.newDomainPrefix'))])}
          data-testid="coding-add"
        >
          {t('codingRule.addDomain')}
        </Button>
        <span className={`cr-used ${fits ? 'cr-used-ok' : 'cr-used-off'}`} data-testid="coding-used">
          {t('codingRule.bitsUsed', { used, total: total ?? 0 })}
        </span>
        {!disabled && used > 0 && used !== total && (
          <Button size="small" type="link" onClick={() => form.setFieldValue('totalLength', used)} data-testid="coding-total-fix">
            {t('codingRule.useAsTotal', { used })}
          </Button>
        )}
      </div>
      <div className="cr-bar" data-testid="coding-bitbar" role="img" aria-label={t('codingRule.barLabel')}>
        {bar.map((s) => (
          <Tooltip key={s.index} title={`${s.name} · ${t('codingRule.bitRange', { start: s.start, end: s.end, length: s.length })}`}>
            <div className={`cr-seg cr-vt-${s.valueType}`} style={{ width: `${s.share}%` }} data-testid={`coding-seg-${s.index}`}>
              {s.share > 7 && (
                <span>
                  {s.name} <small>{s.length}</small>
                </span>
              )}
            </div>
          </Tooltip>
        ))}
        {!!total && used < total && <div className="cr-seg cr-free" style={{ width: `${((total - used) / total) * 100}%` }} />}
      </div>
      <div className="cr-rows">
        {domains.length ? domains.map(renderRow) : <p className="cr-muted cr-empty">{t('codingRule.noDomains')}</p>}
      </div>
      <section className="cr-panel" data-testid="coding-sample">
        <div className="cr-panel-head">
          <h4>{t('codingRule.liveSample')}</h4>
          <Input
            size="small"
            className="cr-mono cr-gtin"
            value={gtin}
            onChange={(e) => setGtin(e.target.value)}
            placeholder={t('codingRule.sampleGtin')}
            allowClear
            data-testid="coding-sample-gtin"
          />
        </div>
        {!sample && <p className="cr-muted">{t('codingRule.noDomains')}</p>}
        {sample?.ok === false && (
          <Alert type="error" showIcon title={message(sample.error.key, sample.error.params)} data-testid="coding-error" />
        )}
        {sample?.ok && (
          <>
            <div className="cr-hex" data-testid="coding-sample-hex">
              {sample.hex}
            </div>
            <div className="cr-bits" data-testid="coding-sample-bits">
              {sample.domains.map((d, i) => (
                <div key={`${d.name}-${i}`} className="cr-bits-row">
                  <Tag className={`cr-tag cr-vt-${d.valueType}`}>{d.name}</Tag>
                  <span className="cr-muted cr-mono">
                    {t('codingRule.bitRange', { start: d.startIndex, end: d.endIndex, length: d.length })}
                  </span>
                  <span className="cr-mono cr-value">{d.text}</span>
                  <code className="cr-binary">{d.bits}</code>
                </div>
              ))}
            </div>
          </>
        )}
        {!!sample?.warnings.length && (
          <Alert
            type="warning"
            showIcon
            data-testid="coding-warnings"
            title={t('codingRule.warnings')}
            description={
              <ul className="cr-warnings">
                {sample.warnings.map((w) => (
                  <li key={w.key + JSON.stringify(w.params)}>{message(w.key, w.params)}</li>
                ))}
              </ul>
            }
          />
        )}
      </section>
      <section className="cr-panel">
        <div className="cr-panel-head">
          <h4>{t('codingRule.decodeTitle')}</h4>
        </div>
        <EpcDecoder />
      </section>
    </div>
  );
}
