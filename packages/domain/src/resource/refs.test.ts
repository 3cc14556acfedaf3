import { describe, expect, it } from 'vitest';
import { describeIssues } from '../validation.js';
import { defineResource } from './define.js';
import { f } from './fields.js';
import { fieldSchema, schemasOf } from './schemas.js';

const L = (en: string) => ({ zh_CN: en, zh_TW: en, en_US: en });

const line = defineResource({
  code: 'test/line',
  screen: 'test/doc',
  names: L('Line'),
  owner: 'tenant',
  table: 'test_lines',
  titleField: 'code',
  fields: {
    docId: f.ref('test/doc', 'name', { label: L('Document'), onDelete: 'cascade' }),
    code: f.text({ label: L('Code'), max: 8 }),
  },
});

describe('f.ref', () => {
  it('declares a real key: restrict unless told otherwise', () => {
    expect(f.ref('x/y', 'name', { label: L('Y') }).ref).toEqual({ resource: 'x/y', labelField: 'name', onDelete: 'restrict' });
    expect(line.list[0].ref?.onDelete).toBe('cascade');
  });
});

describe('f.json({items})', () => {
  const doc = defineResource({
    code: 'test/doc',
    names: L('Document'),
    owner: 'tenant',
    table: 'test_docs',
    titleField: 'name',
    children: [{ key: 'lines', resource: line, parentField: 'docId' }],
    fields: {
      name: f.text({ label: L('Name') }),
      tags: f.json({
        label: L('Tags'),
        default: [],
        items: { code: f.text({ label: L('Tag code'), max: 8 }), on: f.enumOf('YesNo', { label: L('On') }) },
      }),
    },
  });

  it('checks each record strictly with its item fields, a YesNo item taking true/false', () => {
    const schema = fieldSchema(doc.list.find((x) => x.key === 'tags')!);
    expect(
      schema.safeParse([
        { code: 'a', on: true },
        { code: 'b', on: 0 },
      ]).success,
    ).toBe(true);
    const extra = schemasOf(doc).create.safeParse({ name: 'n', tags: [{ code: 'a', on: true, colour: 'red' }] });
    expect(extra.success).toBe(false);
    const { summary, fields } = describeIssues('en_US', extra.error!.issues, doc.labels);
    expect(summary).toBe('colour (row 1 of Tags): is not an accepted field');
    expect(fields[0].field).toBe('tags.0.colour');
    const long = schemasOf(doc).create.safeParse({
      name: 'n',
      tags: [
        { code: 'a', on: 1 },
        { code: 'toolongcode', on: 1 },
      ],
    });
    expect(describeIssues('en_US', long.error!.issues, doc.labels).summary).toBe('Tag code (row 2 of Tags): must be at most 8 characters');
  });

  it('takes the lines of declared children in the body, and refuses a child without a ref to the parent', () => {
    expect(schemasOf(doc).create.safeParse({ name: 'n', lines: [{ code: 'a' }] }).success).toBe(true);
    expect(() =>
      defineResource({
        code: 'test/other',
        names: L('Other'),
        owner: 'tenant',
        table: 'test_others',
        titleField: 'name',
        children: [{ key: 'lines', resource: line, parentField: 'docId' }],
        fields: { name: f.text({ label: L('Name') }) },
      }),
    ).toThrow(/not a ref to test\/other/);
  });
});
