// The role screen's own endpoints (general/role): the grants of a role, also taken by a tenant's body.
import { z } from 'zod';
import { id } from '../../schemas/common.js';

/** One screen granted with some of its buttons (tenant grants, role grants). */
export const menuGrant = z.object({
  menuId: id(),
  actions: z
    .array(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/))
    .max(64)
    .default([]),
});
export const menuGrants = z.array(menuGrant).max(2000);
export type MenuGrant = z.infer<typeof menuGrant>;

/** POST /general/role/assign: the screens and buttons a role grants. */
export const roleAssign = z.object({ id: id(), grants: menuGrants });
export type RoleAssign = z.input<typeof roleAssign>;
