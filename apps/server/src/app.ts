import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAccess } from './core/access.js';
import { registerCompression } from './core/compression.js';
import type { AppContext } from './core/context.js';
import { registerEnvelope } from './core/envelope.js';
import { FileService } from './core/files.js';
import { type ModuleRegistry, registerModules, type ServerModule, servedBy } from './core/module.js';
import { registerNoBody } from './core/no-body.js';
import { registerOperationLog } from './core/operation-log.js';
import { PermissionService } from './core/permissions.js';
import { attrRoutes } from './core/resource/attrs.js';
import { jobRoutes } from './core/resource/jobs-routes.js';
import { resourceRoutes } from './core/resource/routes.js';
import type { ResourceService } from './core/resource/service.js';
import { registerSecurityHeaders } from './core/security-headers.js';
import { SessionService } from './core/sessions.js';
import { registerTextGuard } from './core/text-guard.js';
import { registerWebStatic } from './core/web-static.js';
import { authModule } from './modules/auth/index.js';
import { AuthService } from './modules/auth/service.js';
import { SsoService } from './modules/auth/sso.js';
import { commonModule } from './modules/common/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { DictionaryService } from './modules/general/dictionary/service.js';
import { generalModule } from './modules/general/index.js';
import { labelModule } from './modules/label/index.js';
import { logisticsModule } from './modules/logistics/index.js';
import { menuModule } from './modules/menu/index.js';
import { MenuService } from './modules/menu/service.js';
import { EquipmentService } from './modules/rfid/equipment/service.js';
import { rfidModule } from './modules/rfid/index.js';
import { smartStoreModule } from './modules/smart-store/index.js';
import { stockModule } from './modules/stock/index.js';
import { storeModule } from './modules/store/index.js';
import { supplyModule } from './modules/supply/index.js';
import { tenantModule } from './modules/tenant/index.js';
import { IntegrationKeyService } from './modules/tenant/people/integration-keys.js';
import { warehouseModule } from './modules/warehouse/index.js';

/**
 * The modules, in this order (each `modules/<module>/index.ts`, see core/module.ts): their routes,
 * declared resources, hooks, job kinds, scheduled-task kinds and dashboard widgets.
 */
export const MODULES: readonly ServerModule[] = [
  commonModule,
  authModule,
  menuModule,
  dashboardModule,
  generalModule,
  rfidModule,
  tenantModule,
  labelModule,
  supplyModule,
  stockModule,
  warehouseModule,
  logisticsModule,
  storeModule,
  smartStoreModule,
];

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
  /** the registered modules and what they add up to */
  modules: ModuleRegistry;
  equipment: EquipmentService;
  /** who stands behind an integration key (the EPCIS interface's partners) */
  integrationKeys: IntegrationKeyService;
}

export function createServices(ctx: AppContext, modules: readonly ServerModule[] = MODULES): Services {
  const sessions = new SessionService(ctx);
  const permissions = new PermissionService(ctx);
  const registry = registerModules(ctx, modules);
  return {
    sessions,
    permissions,
    auth: new AuthService(ctx, sessions),
    menus: new MenuService(ctx, permissions),
    dictionaries: new DictionaryService(ctx),
    sso: new SsoService(ctx),
    files: new FileService(ctx),
    equipment: new EquipmentService(ctx),
    integrationKeys: new IntegrationKeyService(ctx),
    resources: registry.resources,
    modules: registry,
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
  app.decorate('resourceServices', services.resources);
  app.decorate('services', services);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerEnvelope(app);
  registerAccess(app, services.sessions, services.permissions, services.integrationKeys);
  registerOperationLog(app);
  registerSecurityHeaders(app);
  // last of the onSend hooks that read a payload as text
  registerCompression(app);
  registerTextGuard(app);
  registerNoBody(app);

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
      await api.register(jobRoutes);
      await api.register(attrRoutes);
      // each module: its own routes, then the generic routes of its declarations (routes a module
      // serves its own way are left to it: ResourceHooks.omitRoutes)
      for (const m of services.modules.modules) {
        for (const routes of m.routes ?? []) await api.register(routes, services);
        for (const def of servedBy(m)) await api.register(resourceRoutes, { service: services.modules.service(def.code) });
      }
    },
    { prefix: '/api' },
  );

  await registerWebStatic(app, ctx.config.webDist);

  return app;
}
