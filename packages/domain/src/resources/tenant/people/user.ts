import { L } from '../../../lang.js';
import { f } from '../../../resource/fields.js';
import { defineUser } from '../../general/user.js';
import './enums.js';

/**
 * A tenant's own users (spec §3 User, §6), managed by its administrator over the shared `users`
 * table (tenant scope): a login name no tenant has yet, the password policy, a tenant user type,
 * roles of this tenant per terminal, and the party the user is bound to (a store, warehouse,
 * factory or label supplier of this tenant), whose rows alone it then sees (partyScope). Served by
 * modules/tenant/people with the platform user screen's hooks held to the tenant.
 */
export const tenantUserResource = defineUser(
  {
    code: 'tenant/user',
    owner: 'tenant',
    extraActions: ['enable', 'disable', 'resetPassword'],
    sample: (salt) => ({ username: `tsmp_${salt.toLowerCase()}`, password: 'sample123', confirmPassword: 'sample123' }),
    rules: [
      // a kind and its row go together (users_party_both)
      (d) => {
        const kind = d.partyKind !== undefined && d.partyKind !== null && d.partyKind !== '';
        const id = d.partyId !== undefined && d.partyId !== null && d.partyId !== '';
        if (kind && !id) return [{ path: ['partyId'], message: 'validation.partyPick' }];
        if (!kind && id) return [{ path: ['partyKind'], message: 'validation.partyKindPick' }];
        return [];
      },
    ],
  },
  {},
  f.enumOf('TenantUserType', { label: L('用户类型', '使用者類型', 'User type'), search: 'eq', default: 4, required: false }),
  {
    // shown in the party's cell (a tag before its name) to keep the list within 1366 pixels
    partyKind: f.enumOf('PartyKind', { label: L('绑定类型', '綁定類型', 'Bound to'), search: 'eq', required: false, hidden: true }),
    partyId: f.int({ label: L('绑定对象', '綁定對象', 'Bound party'), min: 1, required: false, width: 220 }),
  },
);
