import { L, type L10n } from '../../../lang.js';
import { type FieldDef, f } from '../../../resource/fields.js';
import { CODE_RE } from '../../general/_rule-issue.js';

/**
 * A party's phone (spec §5 gives two readings, "11 digits" and "18 characters"; both are accepted):
 * an 11-digit mobile number (13800138000) is one case of the general rule, a number of at most 18
 * characters made of digits, spaces, +, - and parentheses holding at least 5 digits
 * (021-6288 8888, +86 (21) 6288-8888).
 */
export const PHONE_RE = /^(?=(?:[^0-9]*[0-9]){5})[0-9+() -]{5,18}$/;

/** A party's code: unique in its tenant (stores, warehouses and their zones share one list: all are locations). */
export const partyCode = (label: L10n) =>
  f.text({
    label,
    display: 'code',
    max: 32,
    unique: true,
    search: 'like',
    sort: true,
    editable: false,
    pattern: { source: CODE_RE.source, message: 'validation.codeChars' },
    width: 120,
  });

/**
 * The fields every party has (locations, stores, warehouses, factories, label suppliers): code,
 * name, `between` (a location's kind), status, contact, phone, province, city, address, location
 * attributes (the tenant's location-attribute template) and remark. The contact, province,
 * attributes and remark are out of the default columns (a list fits a 1366-pixel screen). The
 * five declarations take them from here, with their own names for the code and the name.
 */
export function partyFields<B extends Record<string, FieldDef>>(
  names: { code: L10n; name: L10n },
  between?: B,
  /** columns left out of this screen's default view (back with the column settings) */
  hide: 'city'[] = [],
) {
  const shown = (key: 'city') => (hide.includes(key) ? { hidden: true } : {});
  return {
    code: partyCode(names.code),
    name: f.text({ label: names.name, max: 64, search: 'like', sort: true }),
    ...(between ?? ({} as B)),
    status: f.enumOf('Status', { label: L('状态', '狀態', 'Status'), search: 'eq', default: 1, required: false, width: 90 }),
    contact: f.text({ label: L('联系人', '聯絡人', 'Contact'), max: 32, required: false, search: 'like', width: 90, hidden: true }),
    phone: f.text({
      label: L('联系电话', '聯絡電話', 'Phone'),
      max: 18,
      required: false,
      search: 'like',
      pattern: { source: PHONE_RE.source, message: 'validation.phone' },
      width: 128,
    }),
    province: f.text({ label: L('省份', '省份', 'Province'), max: 32, required: false, hidden: true, width: 90 }),
    city: f.text({ label: L('城市', '城市', 'City'), max: 32, required: false, search: 'like', width: 90, ...shown('city') }),
    address: f.text({ label: L('地址', '地址', 'Address'), max: 128, required: false, display: 'url', width: 200 }),
    attrs: f.attrs('location', { label: L('位置属性', '位置屬性', 'Location attributes'), list: true, hidden: true }),
    remark: f.textarea({ label: L('备注', '備註', 'Remark'), max: 256, list: false }),
  };
}
