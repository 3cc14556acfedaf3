import { VALUE_TYPE } from '@tagloom/domain/coding/index.ts';
import { describe, expect, it } from 'vitest';
import { blankDomain, type DraftDomain, move, preview, relayout, segments, setField } from './designer-logic';

const d = (name: string, length: number | null, valueType: number = VALUE_TYPE.fixed, defaultValue = ''): DraftDomain => ({
  name,
  length,
  startIndex: 0,
  endIndex: 0,
  valueType,
  base: valueType === VALUE_TYPE.fixed && name === 'header' ? 16 : 10,
  defaultValue,
  startValue: '',
  padding: 1,
});

describe('coding-rule designer', () => {
  it('computes start and end bits from the lengths as they are typed, and after a move', () => {
    const rows = relayout([d('header', 8, VALUE_TYPE.fixed, '30'), d('a', 3), d('b', null), d('c', 5)]);
    expect(rows.map((r) => [r.startIndex, r.endIndex])).toEqual([
      [0, 7],
      [8, 10],
      [11, 11],
      [11, 15],
    ]);
    expect(move(rows, 3, -1).map((r) => [r.name, r.startIndex, r.endIndex])).toEqual([
      ['header', 0, 7],
      ['a', 8, 10],
      ['c', 11, 15],
      ['b', 16, 16],
    ]);
    expect(move(rows, 0, -1)).toBe(rows);
  });

  it('gives a GS1 value type its standard size, and a new domain a free name', () => {
    const rows = setField(relayout([d('header', 8), d('x', 10)]), 1, 'valueType', VALUE_TYPE.gs1Item);
    expect(rows[1]).toMatchObject({ length: 44, startIndex: 8, endIndex: 51, base: 10 });
    expect(blankDomain([d('domain3', 1), d('domain4', 1)], 'domain').name).toBe('domain5');
  });

  it('draws each domain’s share of the total, and the sample the server stores', () => {
    const sgtin = [
      d('header', 8, VALUE_TYPE.fixed, '30'),
      d('filter', 3, VALUE_TYPE.filter, '3'),
      d('partition', 3, VALUE_TYPE.partition),
      d('item', 44, VALUE_TYPE.gs1Item, '80614141123458'),
      { ...d('serial', 38, VALUE_TYPE.serial), startValue: '6789' },
    ];
    expect(segments(sgtin, 96).map((s) => Math.round(s.share * 96) / 100)).toEqual([8, 3, 3, 44, 38]);
    const p = preview({ totalLength: 96, companyPrefixLength: 7, domains: sgtin });
    expect(p).toMatchObject({ ok: true, hex: '3074257BF7194E4000001A85', warnings: [] });
    if (p.ok) {
      expect(p.domains[3]).toMatchObject({ name: 'item', value: String(614141n * 2n ** 20n + 812345n), text: '0614141.812345' });
      expect(p.domains[0].text).toBe('30');
    }
    // another GTIN, typed in the sample box
    const other = preview({ totalLength: 96, companyPrefixLength: 7, domains: sgtin }, '6901234000016');
    expect(other.ok && other.hex).toBe('3075A537C800004000001A85');
    // without the company-prefix length: the engine's refusal, named
    expect(preview({ totalLength: 96, domains: sgtin })).toMatchObject({
      ok: false,
      error: { key: 'validation.codingRule.prefixLengthNeeded' },
    });
  });
});
