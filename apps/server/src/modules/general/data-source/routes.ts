import { DATA_SOURCE_ADDRESS_RE, dataSourceResource, id, PLATFORM_TENANT_ID, translate } from '@tagloom/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../core/envelope.js';
import { badRequest, forbidden, notFound } from '../../../core/errors.js';
import { dataSources } from '../../../db/schema/index.js';
import { parseAddress, type Reachable, tryConnect } from './connect.js';
import { dataSourceSecrets, SecretUnreadable } from './secret-box.js';

const SCREEN = 'general/data-source';
const CONNECT_TIMEOUT_MS = 5000;

const testBody = z.object({
  /** a saved data source; fields given below replace its stored ones (an empty password keeps it) */
  id: id().optional(),
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

/** Where a test would send a password: driver, host, port, database, TLS and the user it logs in as. */
function endpointKey(t: Reachable, user: string | undefined): string {
  return JSON.stringify([t.kind, t.host.toLowerCase(), t.port, t.database ?? '', t.ssl, user ?? '']);
}

/**
 * The data source screen's own action: 'test connection' really connects (spec §2). A saved row's
 * password is only ever sent to the very server it was saved for (same driver, host, port,
 * database, TLS and user); anything else must come with its own password. Testing a saved row
 * needs the screen's edit button too. Failures answer their kind in the caller's language; the
 * remote server's own text goes to the server log only.
 */
export const dataSourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const box = dataSourceSecrets(app.ctx);

  app.post(
    `/${SCREEN}/test`,
    {
      config: { access: { screen: SCREEN, action: 'testConnection', platform: true }, fieldLabels: dataSourceResource.labels },
      schema: {
        tags: [SCREEN],
        summary:
          'Data source: connect with a saved row ({id}; needs the edit button too) or unsaved fields ({address, userName, password}); PostgreSQL (SCRAM only) and MySQL/MariaDB addresses. A saved row tested with another address, port, database or user needs its own password. Failure answers 400 with data {success: false, category, error} (category: unreachable, hostUnknown, timeout, authFailed, databaseMissing, tls, authMethod, closed, serverError, unsupported, passwordUnreadable).',
        body: testBody,
        response: { 200: envelope(testResult) },
      },
    },
    async (req, reply) => {
      if (req.session!.tenantId !== PLATFORM_TENANT_ID) throw forbidden();
      const { id, ...given } = req.body;
      let stored: typeof dataSources.$inferSelect | undefined;
      if (id) {
        if (!(await req.holds(SCREEN, 'edit'))) throw forbidden('boundary.dataSource.editRequired');
        [stored] = await app.ctx.db.select().from(dataSources).where(eq(dataSources.id, id));
        if (!stored) throw notFound(dataSourceResource.names);
      }
      const address = given.address || (stored?.address as string | undefined);
      if (!address) throw badRequest('dataSource.addressRequired');
      const fail = (category: string, error: string, elapsedMs = 0) =>
        badRequest('dataSource.testFailed', { error }, { success: false, category, error, elapsedMs });

      const target = parseAddress(address);
      if (target.kind === 'unsupported')
        throw fail('unsupported', translate(req.lang, 'dataSource.unsupportedDriver', { driver: target.driver }));
      // the user it logs in as: the user field, else the one the address names, else the saved row's
      const user = given.userName || (given.address ? target.user : undefined) || stored?.userName || target.user || undefined;
      let password = given.password || undefined;
      // a saved secret: the row's password, or one written into its saved address
      const savedSecret = password === undefined && stored && (stored.password || (!given.address && target.password));
      if (stored && savedSecret) {
        const home = parseAddress(stored.address as string);
        const homeUser = stored.userName || (home.kind === 'unsupported' ? undefined : home.user) || undefined;
        if (home.kind === 'unsupported' || endpointKey(home, homeUser) !== endpointKey(target, user)) {
          const field = translate(req.lang, 'boundary.dataSource.passwordField');
          throw badRequest('boundary.dataSource.passwordRequired', {}, { fields: [{ field: 'password', message: field }] });
        }
      }
      if (password === undefined && stored?.password) {
        try {
          password = box.decrypt(stored.password as string);
        } catch (err) {
          if (err instanceof SecretUnreadable) throw fail('passwordUnreadable', translate(req.lang, 'dataSource.passwordUnreadable'));
          throw err;
        }
      }
      const outcome = await tryConnect(target, { user, password }, CONNECT_TIMEOUT_MS);
      if (!outcome.ok) {
        req.log.warn(
          { dataSource: id, driver: target.kind, host: target.host, port: target.port, category: outcome.category, error: outcome.error },
          'data-source connection test failed',
        );
        const error = translate(req.lang, `boundary.dataSource.failure.${outcome.category}`, { seconds: CONNECT_TIMEOUT_MS / 1000 });
        throw fail(outcome.category, error, outcome.ms);
      }
      return reply.ok({ success: true as const, version: outcome.version, elapsedMs: outcome.ms }, 'dataSource.testSucceeded', {
        version: outcome.version,
        ms: outcome.ms,
      });
    },
  );
};
