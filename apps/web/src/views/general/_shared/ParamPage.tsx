/**
 * System and business parameters: the generic page with names instead of codes — the module by its
 * catalog name (code in a tooltip), a choice's value as the names of its chosen options, a textbox's
 * value with its unit — and the parameters the platform ships in the user's language.
 */
import { PARAM_INPUT } from '@tagloom/domain/resources/general/_param-options.ts';
import { Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { resourceOf } from '../../../components/resource/registry';
import type { Row } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';
import { ShippedPage } from './ShippedPage';
import { useShipped } from './use-shipped';
import './ops.css';

/** The names of the chosen options of a radio or checkbox parameter (its value holds their codes). */
export function chosenOptions(row: Row, name: (o: { code?: unknown; name?: unknown }) => string): { code: string; name: string }[] {
  const options = Array.isArray(row.options) ? (row.options as { code?: unknown; name?: unknown }[]) : [];
  const codes = String(row.value ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return codes.map((code) => {
    const o = options.find((x) => String(x.code) === code);
    return { code, name: o ? name(o) : code };
  });
}

/**
 * The parameter screens' page (general/sys-param, general/biz-param, tenant/param): the module by
 * its name, and the value as `value` shows it (by default a choice's options by name, a textbox's
 * value with its unit).
 */
export default function ParamPage({
  testId = 'param-admin',
  value,
}: {
  testId?: string;
  /** the value's text (a tenant parameter's, by its value type); '' shows a dash */
  value?: (row: Row) => string;
}) {
  const screen = useScreen();
  const def = resourceOf(screen.code);
  const shipped = useShipped();
  if (!def) throw new Error(`no resource declared for ${screen.code}`);
  const code = def.code;
  const text = (row: Row): ReactNode => {
    if (value) return value(row);
    const type = Number(row.type);
    if (type === PARAM_INPUT.RADIO || type === PARAM_INPUT.CHECKBOX)
      return chosenOptions(row, (o) => shipped.item(code, row, 'options', o)).map((c) => (
        <Tooltip key={c.code} title={c.code}>
          <Tag>{c.name}</Tag>
        </Tooltip>
      ));
    const v = String(row.value ?? '');
    const unit = shipped.field(code, row, 'unit');
    return v && unit ? `${v} ${unit}` : v;
  };
  return (
    <div data-testid={testId}>
      <ShippedPage
        def={def}
        columnOverrides={{
          module: (v) => {
            const name = shipped.module(v);
            return name === String(v ?? '') ? (
              <span>{name}</span>
            ) : (
              <Tooltip title={String(v)}>
                <span data-testid="param-module">{name}</span>
              </Tooltip>
            );
          },
          value: (_v, row) => {
            const shown = text(row);
            return (Array.isArray(shown) ? shown.length : shown) ? (
              <span data-testid="param-value">{shown}</span>
            ) : (
              <span className="ops-empty">-</span>
            );
          },
        }}
      />
    </div>
  );
}
