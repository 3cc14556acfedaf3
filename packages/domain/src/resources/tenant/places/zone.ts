import { L, type L10n } from '../../../lang.js';
import type { Rule } from '../../../resource/define.js';
import { f } from '../../../resource/fields.js';
import { LOCATION_KIND } from './enums.js';

/**
 * A zone's fields (../shared/operations.md F1), on every location row: the place it is in (a store,
 * a warehouse, or a zone of one: a fitting area's cabins), what it is for, and its site — the nearest
 * store or warehouse above it, set by the server from the parent and stored, so that a site's user
 * reaches the rows of its zones and reports roll zones up per site. Blank on the sites themselves
 * and on other places. `parent` labels the parent field (a warehouse's zone screen calls it the
 * warehouse) and `parentResource` says which rows it picks from.
 */
export function zoneFields(o: { parent: L10n; parentResource: string; hidden?: boolean }) {
  const shown = o.hidden ? { hidden: true } : {};
  return {
    parentId: f.ref(o.parentResource, 'name', { label: o.parent, required: false, search: 'eq', width: 160, ...shown }),
    zoneType: f.enumOf('ZoneType', { label: L('区域类型', '區域類型', 'Zone type'), required: false, search: 'eq', width: 110, ...shown }),
    siteId: f.ref('tenant/location', 'name', {
      label: L('所属站点', '所屬據點', 'Site'),
      required: false,
      form: false,
      editable: false,
      hidden: true,
    }),
    capacity: f.int({
      label: L('容量（件）', '容量（件）', 'Capacity'),
      required: false,
      min: 0,
      max: 10_000_000,
      width: 110,
      ...shown,
    }),
  };
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * A zone names its parent and its type; no other place has either. (That the parent is a store, a
 * warehouse or one of their zones, and the type one of that site's, the server checks: it reads
 * the parent.)
 */
export const zoneRules: Rule<Record<string, unknown>>[] = [
  (d) => {
    const zone = Number(d.kind) === LOCATION_KIND.ZONE;
    const out: { path: string[]; message: string }[] = [];
    for (const key of ['parentId', 'zoneType']) {
      if (zone && !given(d[key])) out.push({ path: [key], message: 'validation.zoneNeeds' });
      if (!zone && given(d[key])) out.push({ path: [key], message: 'validation.zoneOnly' });
    }
    return out;
  },
];
