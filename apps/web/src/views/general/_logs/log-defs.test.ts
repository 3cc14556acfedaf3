import { ENUMS, isStateEnum } from '@tagloom/domain/enums.ts';
import { describe, expect, it } from 'vitest';
import { defaultWindow, formatBody, LOG_VIEWS, toLogQuery } from './log-defs';

describe('log screens', () => {
  it('defaults to the last 7 days up to the end of today', () => {
    const now = new Date(2024, 2, 12, 10, 30, 45);
    const [from, to] = defaultWindow(now);
    expect(from).toEqual(new Date(2024, 2, 5, 10, 30, 0));
    expect(to).toEqual(new Date(2024, 2, 12, 23, 59, 59, 999));
  });

  it('builds the body: trimmed texts, blanks dropped, tenant kept, range as ISO strings', () => {
    const from = new Date('2024-03-01T00:00:00Z');
    const body = toLogQuery(
      LOG_VIEWS.sync,
      { system: '  ERP ', documentNo: '   ', direction: 1, result: null, tenantId: 0, createdAt: [from, null], unknown: 'x' },
      { page: 2, pageSize: 50 },
    );
    expect(body).toEqual({
      page: 2,
      pageSize: 50,
      system: 'ERP',
      direction: 1,
      tenantId: 0,
      createdAt: ['2024-03-01T00:00:00.000Z', null],
    });
  });

  it('leaves the range out when both ends are empty', () => {
    expect(toLogQuery(LOG_VIEWS.login, { createdAt: [null, null] }, { page: 1, pageSize: 20 })).toEqual({ page: 1, pageSize: 20 });
  });

  it('searches exactly the fields the server declares searchable', () => {
    expect(LOG_VIEWS.login.filters.map((f) => f.key)).toEqual(['username', 'ip', 'result', 'loginType']);
    expect(LOG_VIEWS.operation.filters.map((f) => f.key)).toEqual(['username', 'screen', 'action', 'url', 'result', 'ip']);
    expect(LOG_VIEWS.sync.filters.map((f) => f.key)).toEqual(['direction', 'system', 'businessType', 'documentNo', 'result', 'message']);
    expect(LOG_VIEWS.device.filters.map((f) => f.key)).toEqual(['deviceCode', 'eventType', 'level', 'message']);
  });

  it('shows results and levels as states (badges of their tones), directions and event types as text', () => {
    const tone = (name: string, v: unknown) => ENUMS[name].find((o) => o.value === v)?.tone;
    expect([tone('RunResult', 1), tone('RunResult', 0), tone('LoginResult', 0)]).toEqual(['success', 'error', 'error']);
    expect([tone('LogLevel', 'info'), tone('LogLevel', 'warn'), tone('LogLevel', 'error')]).toEqual(['processing', 'warning', 'error']);
    const enums = Object.values(LOG_VIEWS).flatMap((v) => v.columns.filter((c) => c.kind === 'enum').map((c) => c.enumName!));
    expect(enums.filter(isStateEnum).sort()).toEqual(['LogLevel', 'LoginResult', 'RunResult', 'RunResult']);
    expect(enums.filter((e) => !isStateEnum(e)).sort()).toEqual(['DeviceEventType', 'SyncDirection']);
  });

  it('pretty-prints request bodies', () => {
    expect(formatBody(null)).toBe('');
    expect(formatBody({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(formatBody('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatBody('plain')).toBe('plain');
  });
});
