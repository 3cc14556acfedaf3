import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../app.js';
import { envelope } from '../../core/envelope.js';
import { DEVICE_KINDS, TAG_STATES } from './rfid.js';
import { DashboardService } from './service.js';

const adminSummary = z.object({
  scope: z.enum(['platform', 'tenant']),
  tenants: z.number().int(),
  users: z.number().int(),
  activeSessions: z.number().int(),
  loginsToday: z.number().int(),
  operationsToday: z.number().int(),
  /** tags registered by the label orders in view (EPCs generated or bound) */
  tags: z.number().int(),
  readersOnline: z.number().int(),
  /** label orders in view by status (LabelOrderStatus values), only the statuses some order holds */
  ordersByStatus: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
  loginsPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** the RFID side as the session sees it (a store or warehouse user: its site's); see rfid.ts */
  rfid: z.object({
    readsToday: z.number().int(),
    lastReadAt: z.string().nullable(),
    devices: z.array(
      z.object({
        kind: z.enum(DEVICE_KINDS),
        online: z.number().int(),
        offline: z.number().int(),
        unregistered: z.number().int(),
      }),
    ),
    tagsByState: z.array(z.object({ state: z.enum(TAG_STATES), count: z.number().int() })),
    exceptionsByKind: z.array(z.object({ kind: z.number().int(), count: z.number().int() })),
    sites: z.array(
      z.object({
        locationId: z.number().int(),
        locationName: z.string(),
        readers: z.number().int(),
        online: z.number().int(),
        readsToday: z.number().int(),
        readsLastHour: z.number().int(),
      }),
    ),
  }),
});

const editorSummary = z.object({
  todos: z.array(
    z.object({
      kind: z.enum(['changePassword', 'failedLogins', 'failedTasks', 'pausedTasks']),
      count: z.number().int(),
      /** the screen that deals with it, when there is one */
      screen: z.string().optional(),
    }),
  ),
  operations: z.array(
    z.object({
      id: z.number(),
      createdAt: z.string(),
      screen: z.string(),
      action: z.string(),
      method: z.string(),
      url: z.string(),
      result: z.number().int(),
    }),
  ),
  logins: z.array(
    z.object({
      id: z.number(),
      createdAt: z.string(),
      ip: z.string(),
      loginType: z.string(),
      result: z.number().int(),
      message: z.string(),
    }),
  ),
});

/** Dashboard counts (screens dashboard/admin and dashboard/editor). */
export const dashboardRoutes: FastifyPluginAsyncZod<Services> = async (app, services) => {
  const dashboards = new DashboardService(app.ctx);
  const tags = ['dashboard'];

  // the cards the modules add (module `widgets` slot), each with its data for this session
  for (const screen of ['dashboard/admin', 'dashboard/editor'] as const) {
    app.get(
      `/${screen}/widgets`,
      {
        config: { access: { screen, action: 'query' }, skipOperationLog: true },
        schema: {
          tags,
          summary: "The modules' cards of this dashboard with their data for the session (null: nothing to show it)",
          response: { 200: envelope(z.array(z.object({ code: z.string(), data: z.unknown() }))) },
        },
      },
      async (req, reply) => {
        // the modules' cards count a whole tenant: a user bound to a party (a store, a warehouse …)
        // gets the dashboard's own counts of its party (the summary), not these
        if (req.session!.party) return reply.ok([]);
        const widgets = services.modules.widgets.filter((w) => w.screen === screen);
        const data = await Promise.all(widgets.map((w) => w.load({ ctx: app.ctx, services, session: req.session! })));
        return reply.ok(widgets.map((w, i) => ({ code: w.code, data: data[i] ?? null })));
      },
    );
  }

  app.get(
    '/dashboard/admin/summary',
    {
      config: { access: { screen: 'dashboard/admin', action: 'query' }, skipOperationLog: true },
      schema: {
        tags,
        summary:
          'Live counts: platform-wide for platform users, own tenant for tenant users (label orders and their tags: the orders of the party a user is bound to)',
        response: { 200: envelope(adminSummary) },
      },
    },
    async (req, reply) => reply.ok(await dashboards.adminSummary(req.session!, services.resources.get('label/purchase-order'))),
  );

  app.get(
    '/dashboard/editor/summary',
    {
      config: { access: { screen: 'dashboard/editor', action: 'query' }, skipOperationLog: true },
      schema: {
        tags,
        summary:
          "The caller's to-dos (initial password, failed sign-ins, failing or paused scheduled tasks) and last 10 operations and logins",
        response: { 200: envelope(editorSummary) },
      },
    },
    async (req, reply) => reply.ok(await dashboards.editorSummary(req.session!)),
  );
};
