import { describe, expect, it } from 'vitest';
import { accountCall, actionName, screenName } from './screen-names';

describe('screen names', () => {
  it('names screens and buttons by code', () => {
    expect(screenName('general/menu', 'en_US')).toBe('Menu');
    expect(screenName('no/such', 'en_US')).toBeUndefined();
    expect(actionName('add', 'zh_TW')).toBe('新增');
  });
  it('names the account calls made outside any screen by their API path, never showing the path', () => {
    expect(accountCall('/api/user/updatePassword')).toBe('updatePassword');
    expect(accountCall('/api/menu/selectMenuByCurrentUserId?x=1')).toBe('loadMenus');
    expect(accountCall('/api/general/role/create')).toBeUndefined();
  });
});
