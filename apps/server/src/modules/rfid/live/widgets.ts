/**
 * The RFID cards of the admin dashboard (module `widgets` slot, served by GET /api/dashboard/widgets):
 * the counters (kept live by GET /api/dashboard/live) and, for a tenant, the operator's panel.
 */
import { PLATFORM_TENANT_ID } from '@tagloom/domain';
import type { DashboardWidget } from '../../../core/module.js';
import { counters, operatorPanel } from './service.js';

export const rfidWidgets: readonly DashboardWidget[] = [
  {
    code: 'rfid.counters',
    screen: 'dashboard/admin',
    // a tenant's readers and tags (the platform's dashboard keeps its own counts)
    load: async ({ ctx, session }) => (session.tenantId === PLATFORM_TENANT_ID ? null : counters(ctx.db, session.tenantId)),
  },
  {
    code: 'rfid.operator',
    screen: 'dashboard/admin',
    // the platform has no readers of its own: a tenant's panel only
    load: async ({ ctx, session }) => (session.tenantId === PLATFORM_TENANT_ID ? null : operatorPanel(ctx.db, session.tenantId)),
  },
];
