/**
 * System and business parameters: the generic page with names instead of codes — the module by its
 * catalog name (code in a tooltip), a choice's value as the names of its chosen options, a textbox's
 * value with its unit — and the parameters the platform ships in the user's language.
 */
import { PARAM_INPUT } from '@tagloom/domain/resources/general/_param-options.ts';
import { Tag, Tooltip } from 'antd';
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

export default function ParamPage() {
  const screen = useScreen();
  const def = resourceOf(screen.code);
  const shipped = useShipped();
  if (!def) throw new Error(`no resource declared for ${screen.code}`);
  const code = def.code;
  return (
    <div data-testid="param-admin">
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
          value: (v, row) => {
            const type = Number(row.type);
            if (type === PARAM_INPUT.RADIO || type === PARAM_INPUT.CHECKBOX) {
              const chosen = chosenOptions(row, (o) => shipped.item(code, row, 'options', o));
              if (!chosen.length) return <span className="ops-empty">-</span>;
              return (
                <span data-testid="param-value">
                  {chosen.map((c) => (
                    <Tooltip key={c.code} title={c.code}>
                      <Tag>{c.name}</Tag>
                    </Tooltip>
                  ))}
                </span>
              );
            }
            const text = String(v ?? '');
            if (!text) return <span className="ops-empty">-</span>;
            const unit = shipped.field(code, row, 'unit');
            return <span data-testid="param-value">{unit ? `${text} ${unit}` : text}</span>;
          },
        }}
      />
    </div>
  );
}
