import { defineResource } from '@tagloom/domain/resource/define.ts';
import { f } from '@tagloom/domain/resource/fields.ts';
import { tenantGroupResource } from '@tagloom/domain/resources/general/tenant-group.ts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { kindWidth } from './layout';
import {
  enumOptionsOf,
  formFields,
  inputKindOf,
  listFields,
  opensInDrawer,
  searchFields,
  searchKindOf,
  showCount,
  titleOf,
  toQueryBody,
  toSortOrder,
} from './model';
import type { ResourceDef } from './types';

const L = (en: string) => ({ zh_CN: en, zh_TW: en, en_US: en });
const group = tenantGroupResource as unknown as ResourceDef;
const wide = defineResource({
  code: 'general/test-wide',
  names: L('Wide'),
  owner: 'platform',
  table: 'wide',
  titleField: 'name',
  fields: {
    name: f.text({ label: L('Name'), max: 128, search: 'like', sort: true }),
    secret: f.password({ label: L('Secret') }),
    qty: f.int({ label: L('Qty'), min: 0, max: 10, search: 'range' }),
    price: f.decimal({ label: L('Price'), scale: 3, required: false }),
    type: f.enumOf('UserType', { label: L('Type'), search: 'eq' }),
    born: f.date({ label: L('Born'), search: 'range', required: false }),
    seen: f.datetime({ label: L('Seen'), search: 'range', required: false, list: false }),
    group: f.ref('general/tenant-group', 'name', { label: L('Group'), search: 'eq' }),
    extra: f.json({ label: L('Extra') }),
    note: f.textarea({ label: L('Note') }),
  },
}) as unknown as ResourceDef;

describe('columns, search fields and form items from a declaration', () => {
  it('lists the columns with list:true, never passwords', () => {
    expect(listFields(group).map((x) => x.key)).toEqual(['code', 'name', 'status', 'rfid', 'remark']);
    expect(listFields(wide).map((x) => x.key)).toEqual(['name', 'qty', 'price', 'type', 'born', 'group', 'note']);
  });

  it('builds the search form from fields with `search`, picking a control by mode and kind', () => {
    expect(searchFields(group).map((x) => [x.key, searchKindOf(x)])).toEqual([
      ['code', 'input'],
      ['name', 'input'],
      ['status', 'select'],
      ['rfid', 'select'],
    ]);
    expect(Object.fromEntries(searchFields(wide).map((x) => [x.key, searchKindOf(x)]))).toEqual({
      name: 'input',
      qty: 'numberRange',
      type: 'select',
      born: 'dateRange',
      seen: 'dateRange',
      group: 'ref',
    });
  });

  it('gives each kind its input; passwords only on create', () => {
    expect(formFields(wide, 'create').map((x) => inputKindOf(x))).toEqual([
      'input',
      'password',
      'number',
      'number',
      'select',
      'date',
      'datetime',
      'ref',
      'json',
      'textarea',
    ]);
    expect(formFields(wide, 'edit').some((x) => x.kind === 'password')).toBe(false);
    // two or three values: radio buttons
    expect(inputKindOf(group.list.find((x) => x.key === 'status')!)).toBe('radio');
  });

  it('counts characters of texts of 64 or more, and opens a drawer past eight form fields', () => {
    expect(showCount(group.list.find((x) => x.key === 'code')!)).toBe(false);
    expect(showCount(group.list.find((x) => x.key === 'name')!)).toBe(true);
    expect(opensInDrawer(group)).toBe(false);
    expect(opensInDrawer(wide)).toBe(true);
  });

  it('labels enum options in the language asked for', () => {
    expect(enumOptionsOf(group.list.find((x) => x.key === 'status')!, 'en_US')).toEqual([
      { value: 1, label: 'Enabled' },
      { value: 0, label: 'Disabled' },
    ]);
    expect(enumOptionsOf(group.list.find((x) => x.key === 'status')!, 'zh_TW')[0].label).toBe('啟用');
  });

  it('sizes columns by kind unless the field says', () => {
    expect(kindWidth(wide.list.find((x) => x.key === 'born')!, 'en_US')).toBe(120);
    expect(kindWidth({ ...wide.list[0], width: 99 }, 'en_US')).toBe(99);
  });

  it('names a row by its title field', () => {
    expect(titleOf(group, { id: 3, name: 'Retail' })).toBe('Retail');
    expect(titleOf(group, { id: 3, name: '' })).toBe('#3');
  });
});

describe('filters → list request body', () => {
  it('sends paging, sort and only the non-empty filters (texts trimmed)', () => {
    expect(
      toQueryBody(
        group,
        { code: '  APP ', name: '', status: 0, rfid: undefined },
        { page: 2, pageSize: 50, sortField: 'code', sortOrder: 'desc' },
      ),
    ).toEqual({ page: 2, pageSize: 50, sortField: 'code', sortOrder: 'desc', code: 'APP', status: 0 });
  });

  it('sends no sort without an order', () => {
    expect(toQueryBody(group, {}, { page: 1, pageSize: 10, sortField: 'code' })).toEqual({ page: 1, pageSize: 10 });
  });

  it('sends ranges as [from, to]: dates as days, datetimes as whole days, numbers as numbers', () => {
    const body = toQueryBody(
      wide,
      {
        born: [dayjs('2026-01-02'), dayjs('2026-01-05')],
        seen: [dayjs('2026-03-01T10:00:00'), null],
        qty: [null, 5],
        group: 7,
      },
      { page: 1, pageSize: 10 },
    );
    expect(body.born).toEqual(['2026-01-02', '2026-01-05']);
    expect(body.seen).toEqual([dayjs('2026-03-01').startOf('day').toISOString(), null]);
    expect(body.qty).toEqual([null, 5]);
    expect(body.group).toBe(7);
    expect(toQueryBody(wide, { qty: [null, null], born: null }, { page: 1, pageSize: 10 })).toEqual({ page: 1, pageSize: 10 });
  });

  it("maps antd's sort order to the API's", () => {
    expect([toSortOrder('ascend'), toSortOrder('descend'), toSortOrder(null)]).toEqual(['asc', 'desc', undefined]);
  });
});
