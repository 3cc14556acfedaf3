import { DATA_SOURCE_ADDRESS_RE, dataSourceResource, PLATFORM_TENANT_ID, translate } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { AppError, badRequest, forbidden } from '../../../core/errors.js';
import { dataSources } from '../../../db/schema/index.js';
import { parseAddress, tryConnect } from './connect.js';
import { dataSourceSecrets, SecretUnreadable } from './secret-box.js';

const SCREEN = 'general/data-source';
const CONNECT_TIMEOUT_MS = 5000;

const testBody = z.object({
  /** a saved data source; fields given below replace its stored ones (an empty password keeps it) */
  id: z.coerce.number().int().positive().optional(),
  address: z
    .string()
    .trim()
    .max(256)
    .regex(DATA_SOURCE_ADDRESS_RE, { message: 'validation.dataSource.address' })
    .or(z.literal(''))
    .optional(),
  userName: z.string().trim().max(64).optional(),
  password: z.string().max(64).optional(),
});
const testResult = z.object({ success: z.literal(true), version: z.string(), elapsedMs: z.number() });

/** The data source screen's own action: 'test connection' really connects (spec §2). */
export const dataSourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const box = dataSourceSecrets(app.ctx);

  app.post(
    `/${SCREEN}/test`,
    {
      config: { access: { screen: SCREEN, action: 'testConnection' }, fieldLabels: dataSourceResource.labels },
      schema: {
        tags: [SCREEN],
        summary:
          'Data source: connect with a saved row ({id}) or unsaved fields ({address, userName, password}); PostgreSQL and MySQL/MariaDB addresses. Failure answers 400 with the driver message.',
        body: testBody,
        response: { 200: envelope(testResult) },
      },
    },
    async (req, reply) => {
      if (req.session!.tenantId !== PLATFORM_TENANT_ID) throw forbidden();
      const { id, ...given } = req.body;
      let stored: typeof dataSources.$inferSelect | undefined;
      if (id) {
        [stored] = await app.ctx.db.select().from(dataSources).where(eq(dataSources.id, id));
        if (!stored) throw new AppError(404, 404, 'common.notFound', { what: dataSourceResource.names });
      }
      const address = given.address || (stored?.address as string | undefined);
      if (!address) throw badRequest('dataSource.addressRequired');
      const fail = (error: string, elapsedMs = 0) =>
        new AppError(400, 400, 'dataSource.testFailed', { error }, { success: false, error, elapsedMs });

      const target = parseAddress(address);
      if (target.kind === 'unsupported') throw fail(translate(req.lang, 'dataSource.unsupportedDriver', { driver: target.driver }));
      let password = given.password || undefined;
      if (password === undefined && stored?.password) {
        try {
          password = box.decrypt(stored.password as string);
        } catch (err) {
          if (err instanceof SecretUnreadable) throw fail(translate(req.lang, 'dataSource.passwordUnreadable'));
          throw err;
        }
      }
      const user = given.userName || (stored?.userName as string | undefined);
      const outcome = await tryConnect(target, { user, password }, CONNECT_TIMEOUT_MS);
      if (!outcome.ok) {
        const error = outcome.timeout ? translate(req.lang, 'dataSource.timeout', { seconds: CONNECT_TIMEOUT_MS / 1000 }) : outcome.error;
        throw fail(error, outcome.ms);
      }
      return reply.ok({ success: true as const, version: outcome.version, elapsedMs: outcome.ms }, 'dataSource.testSucceeded', {
        version: outcome.version,
        ms: outcome.ms,
      });
    },
  );
};
