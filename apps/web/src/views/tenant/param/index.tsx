/**
 * A tenant's parameters (tenant/param): the generic page with the module by its name, a value as
 * its type reads it (an option's name, yes/no, a number with its unit), and the parameters the
 * demo data ships in the user's language.
 */
import { ENUMS } from '@tagloom/domain/enums.ts';
import { PARAM_TYPE } from '@tagloom/domain/resources/tenant/people/enums.ts';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceOf } from '../../../components/resource/registry';
import type { Row } from '../../../components/resource/types';
import { normalizeLang } from '../../../domain';
import { ShippedPage } from '../../general/_shared/ShippedPage';
import { useShipped } from '../../general/_shared/use-shipped';
import '../../general/_shared/ops.css';

const CODE = 'tenant/param';

export default function TenantParams() {
  const { i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const shipped = useShipped();
  const def = resourceOf(CODE);
  if (!def) throw new Error(`no resource declared for ${CODE}`);
  const valueText = (row: Row): string => {
    const value = String(row.value ?? '');
    if (!value) return '';
    const type = Number(row.valueType);
    if (type === PARAM_TYPE.OPTION) {
      const options = Array.isArray(row.options) ? (row.options as { code?: unknown; name?: unknown }[]) : [];
      const o = options.find((x) => String(x.code) === value);
      return o ? shipped.item(CODE, row, 'options', o) : value;
    }
    if (type === PARAM_TYPE.YES_NO) return ENUMS.YesNo.find((o) => String(o.value) === value)?.label[lang] ?? value;
    const unit = shipped.field(CODE, row, 'unit');
    return unit ? `${value} ${unit}` : value;
  };
  return (
    <div data-testid="tenant-param-admin">
      <ShippedPage
        def={def}
        columnOverrides={{
          module: (v) => {
            const name = shipped.module(v);
            return name === String(v ?? '') ? (
              <span>{name}</span>
            ) : (
              <Tooltip title={String(v)}>
                <span>{name}</span>
              </Tooltip>
            );
          },
          value: (_v, row) => {
            const text = valueText(row);
            return text ? <span data-testid="param-value">{text}</span> : <span className="ops-empty">-</span>;
          },
        }}
      />
    </div>
  );
}
