import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { RESOURCES } from '@tagloom/domain';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAccess } from './core/access.js';
import { registerCompression } from './core/compression.js';
import type { AppContext } from './core/context.js';
import { registerEnvelope } from './core/envelope.js';
import { FileService } from './core/files.js';
import { registerOperationLog } from './core/operation-log.js';
import { PermissionService } from './core/permissions.js';
import { jobRoutes } from './core/resource/jobs-routes.js';
import { resourceRoutes } from './core/resource/routes.js';
import { ResourceService } from './core/resource/service.js';
import { registerSecurityHeaders } from './core/security-headers.js';
import { SessionService } from './core/sessions.js';
import { registerTextGuard } from './core/text-guard.js';
import { registerWebStatic } from './core/web-static.js';
import { RESOURCE_TABLES } from './db/schema/index.js';
import { authRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { SsoService } from './modules/auth/sso.js';
import { commonRoutes } from './modules/common/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { dataSourceRoutes } from './modules/general/data-source/routes.js';
import { dictionaryRoutes } from './modules/general/dictionary/routes.js';
import { DictionaryService } from './modules/general/dictionary/service.js';
import { logRoutes } from './modules/general/logs/routes.js';
import { menuAdminRoutes } from './modules/general/menu/routes.js';
import { roleAdminRoutes } from './modules/general/role/routes.js';
import { schedulerRoutes } from './modules/general/scheduler/routes.js';
import { tableStructureRoutes } from './modules/general/table-structure/routes.js';
import { tenantRoutes } from './modules/general/tenant/routes.js';
import { userAdminRoutes } from './modules/general/user/routes.js';
import { versionRoutes } from './modules/general/versions/routes.js';
import { menuRoutes } from './modules/menu/routes.js';
import { MenuService } from './modules/menu/service.js';
import { resourceHooks } from './modules/resource-hooks.js';
import { EquipmentService } from './modules/rfid/equipment/service.js';

export interface Services {
  sessions: SessionService;
  permissions: PermissionService;
  auth: AuthService;
  menus: MenuService;
  dictionaries: DictionaryService;
  sso: SsoService;
  files: FileService;
  /** generic services of the declared resources, by screen code */
  resources: Map<string, ResourceService>;
  equipment: EquipmentService;
}

export function createServices(ctx: AppContext): Services {
  const sessions = new SessionService(ctx);
  const permissions = new PermissionService(ctx);
  const hooks = resourceHooks(ctx);
  return {
    sessions,
    permissions,
    auth: new AuthService(ctx, sessions),
    menus: new MenuService(ctx, permissions),
    dictionaries: new DictionaryService(ctx),
    sso: new SsoService(ctx),
    files: new FileService(ctx),
    equipment: new EquipmentService(ctx),
    resources: new Map(
      RESOURCES.map((def) => {
        const table = (RESOURCE_TABLES as Record<string, unknown>)[def.code];
        if (!table) throw new Error(`resource ${def.code} has no table in db/schema/resources.ts`);
        return [def.code, new ResourceService(ctx, def, table as never, hooks[def.code])];
      }),
    ),
  };
}

/** The HTTP application: everything under /api, the built console at /, OpenAPI at /api/docs. */
export async function buildApp(ctx: AppContext, services = createServices(ctx)): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerEnvelope(app);
  registerAccess(app, services.sessions, services.permissions);
  registerOperationLog(app);
  registerSecurityHeaders(app);
  // last of the onSend hooks that read a payload as text
  registerCompression(app);
  registerTextGuard(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'TagLoom API', version: ctx.config.version, description: 'Every response is {code, msg, data}; code 200 on success.' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(multipart, { limits: { fileSize: 60 * 1024 * 1024, files: 10 } });

  await app.register(
    async (api) => {
      await api.register(commonRoutes);
      await api.register(authRoutes, services);
      await api.register(menuRoutes, services);
      await api.register(dictionaryRoutes, services);
      await api.register(tenantRoutes);
      await api.register(userAdminRoutes, services);
      await api.register(roleAdminRoutes);
      await api.register(menuAdminRoutes);
      await api.register(versionRoutes, services);
      await api.register(jobRoutes);
      for (const service of services.resources.values()) await api.register(resourceRoutes, { service });
      await api.register(dashboardRoutes);
      await api.register(schedulerRoutes);
      await api.register(logRoutes);
      await api.register(tableStructureRoutes);
      await api.register(dataSourceRoutes);
    },
    { prefix: '/api' },
  );

  await registerWebStatic(app, ctx.config.webDist);

  return app;
}
