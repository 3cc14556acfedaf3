import { tenantGroupResource } from '@tagloom/domain/resources/general/tenant-group.ts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { initialValues, serverFieldErrors, toPayload, toWire, validateForm, validateValue } from './form-values';
import type { ResourceDef } from './types';

const group = tenantGroupResource as unknown as ResourceDef;
const field = (key: string) => group.list.find((x) => x.key === key)!;

describe('form validation with the shared zod rules', () => {
  it('says "Please enter <field>" for a required text left empty, in the language asked for', () => {
    expect(validateValue(field('name'), '', 'en_US')).toBe('Please enter group name');
    expect(validateValue(field('name'), undefined, 'zh_CN')).toBe('请输入组名称');
    expect(validateValue(field('name'), 'Retail', 'en_US')).toBeUndefined();
  });

  it("applies a field's pattern with its catalog message", () => {
    expect(validateValue(field('code'), 'bad code!', 'en_US')).toBe('Group code: may contain only letters, digits, _ and -');
    expect(validateValue(field('code'), 'GOOD_1', 'en_US')).toBeUndefined();
  });

  it('checks lengths like the server', () => {
    expect(validateValue(field('code'), 'X'.repeat(33), 'en_US')).toBe('Group code: must be at most 32 characters');
  });

  it('reports every problem of the form by field', () => {
    expect(validateForm(group, { code: '', name: '', status: 1 }, 'create', 'en_US').map((e) => e.field)).toEqual(['code', 'name']);
    expect(validateForm(group, { code: 'A', name: 'B', status: 1, rfid: 0 }, 'create', 'en_US')).toEqual([]);
  });

  it("checks a screen's derived declaration with its own rules and fields (the user screen's password policy)", () => {
    const taken = (d: Record<string, unknown>) => (d.name === 'Taken' ? [{ path: ['name'], message: 'validation.invalidFormat' }] : []);
    const longer = group.list.map((f) => (f.key === 'code' ? { ...f, min: 3 } : f));
    const derived: ResourceDef = { ...group, list: longer, rules: [...(group.rules ?? []), taken] };
    const values = { code: 'AB', name: 'Taken', status: 1, rfid: 0 };
    const errors = validateForm(derived, values, 'create', 'en_US');
    expect(errors.map((e) => e.field)).toEqual(['code', 'name']);
    expect(errors[1].message).toMatch(/^Group name: /);
    // the declaration itself keeps its own rules
    expect(validateForm(group, values, 'create', 'en_US')).toEqual([]);
  });
});

describe('form values ↔ API values', () => {
  it('starts a new row with the declared defaults and an edited row with its values', () => {
    expect(initialValues(group, 'create')).toEqual({ status: 1, rfid: 1 });
    expect(initialValues(group, 'edit', { id: 4, code: 'A', name: 'B', status: 0, rfid: 1, remark: null })).toEqual({
      code: 'A',
      name: 'B',
      status: 0,
      rfid: 1,
    });
  });

  it('sends every form field on create, and only id and editable fields on update', () => {
    const values = { code: 'A', name: 'B', status: 1, rfid: 0, remark: undefined };
    expect(toPayload(group, values, 'create')).toEqual({ code: 'A', name: 'B', status: 1, rfid: 0, remark: '' });
    expect(toPayload(group, values, 'edit', 9)).toEqual({ id: 9, name: 'B', status: 1, rfid: 0, remark: '' });
  });

  it('turns dates into API values', () => {
    const date = { ...field('name'), kind: 'date' as const };
    expect(toWire(date, dayjs('2026-02-03T12:00:00'))).toBe('2026-02-03');
  });
});

describe('server errors mapped onto the form', () => {
  it('takes the fields of a 400, each a sentence naming its field', () => {
    const err = {
      code: 400,
      message: 'x',
      data: {
        fields: [
          { field: 'name', message: 'Please enter group name' },
          { field: 'code', message: 'must be at most 32 characters' },
        ],
      },
    };
    expect(serverFieldErrors(group, err, 'en_US')).toEqual([
      { field: 'name', message: 'Please enter group name' },
      { field: 'code', message: 'Group code: must be at most 32 characters' },
    ]);
  });

  it('finds the field a 409 names by its label', () => {
    expect(serverFieldErrors(group, { code: 409, message: 'Group code already exists' }, 'en_US')).toEqual([
      { field: 'code', message: 'Group code already exists' },
    ]);
    expect(serverFieldErrors(group, { code: 409, message: 'Something else' }, 'en_US')).toEqual([]);
  });
});
