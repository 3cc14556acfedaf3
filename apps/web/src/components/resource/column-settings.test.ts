import { describe, expect, it } from 'vitest';
import { arrangeColumns, COLUMN_SETTINGS_KEY, loadColumnSettings, moveColumn, saveColumnSettings, visibleColumns } from './column-settings';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('column settings', () => {
  it('are kept under a key a local logout keeps, per user and screen', () => {
    const store = memory();
    expect(COLUMN_SETTINGS_KEY).toBe('checkedHeaderTable');
    saveColumnSettings('admin', 'general/tenant-group', { order: ['name', 'code'], hidden: ['remark'] }, store);
    saveColumnSettings('demo', 'general/tenant-group', { order: ['code'], hidden: [] }, store);
    expect(loadColumnSettings('admin', 'general/tenant-group', store)).toEqual({ order: ['name', 'code'], hidden: ['remark'] });
    expect(loadColumnSettings('demo', 'general/tenant-group', store)).toEqual({ order: ['code'], hidden: [] });
    expect(loadColumnSettings('admin', 'general/product', store)).toBeUndefined();
    saveColumnSettings('admin', 'general/tenant-group', undefined, store);
    expect(loadColumnSettings('admin', 'general/tenant-group', store)).toBeUndefined();
    expect(loadColumnSettings('demo', 'general/tenant-group', store)).toBeDefined();
  });

  it('ignore unreadable or old-format storage', () => {
    const store = memory();
    store.setItem(COLUMN_SETTINGS_KEY, '["a"]');
    expect(loadColumnSettings('admin', 'x', store)).toBeUndefined();
    store.setItem(COLUMN_SETTINGS_KEY, '{oops');
    expect(loadColumnSettings('admin', 'x', store)).toBeUndefined();
  });

  it('apply the saved order and visibility; new columns are appended, gone ones dropped', () => {
    const keys = ['code', 'name', 'status', 'remark'];
    const settings = { order: ['status', 'gone', 'code'], hidden: ['code'] };
    expect(arrangeColumns(keys, settings)).toEqual([
      { key: 'status', visible: true },
      { key: 'code', visible: false },
      { key: 'name', visible: true },
      { key: 'remark', visible: true },
    ]);
    expect(visibleColumns(keys, settings)).toEqual(['status', 'name', 'remark']);
    expect(visibleColumns(keys, undefined)).toEqual(keys);
  });

  it('move a column up or down within bounds', () => {
    expect(moveColumn(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });
});
