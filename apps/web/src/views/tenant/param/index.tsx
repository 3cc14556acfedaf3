/**
 * A tenant's parameters (tenant/param): the parameter page (general/_shared/ParamPage) with a
 * value as its type reads it (an option's name, yes/no, a number with its unit). Its declaration
 * stays its own: a tenant parameter is typed (text, integer, decimal, yes/no, option), a platform
 * one is an input (textbox, radio, checkbox).
 */
import { ENUMS } from '@tagloom/domain/enums.ts';
import { PARAM_TYPE } from '@tagloom/domain/resources/tenant/people/enums.ts';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../components/resource/types';
import { normalizeLang } from '../../../domain';
import ParamPage from '../../general/_shared/ParamPage';
import { useShipped } from '../../general/_shared/use-shipped';

const CODE = 'tenant/param';

export default function TenantParams() {
  const { i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const shipped = useShipped();
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
  return <ParamPage testId="tenant-param-admin" value={valueText} />;
}
