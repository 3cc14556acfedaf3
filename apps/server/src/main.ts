import pino from 'pino';
import { buildApp, createServices } from './app.js';
import { loadConfig, PRIVATE_UMASK, securePrivateTree } from './config.js';
import { Bus } from './core/bus.js';
import type { AppContext } from './core/context.js';
import { ensurePartitions } from './core/partitions.js';
import { JobQueue } from './core/queue/queue.js';
import { type Database, openPglite, openPostgres } from './db/client.js';
import { analyzeStale } from './db/statistics.js';
import { Scheduler } from './modules/general/scheduler/scheduler.js';
import { seedDemoReads } from './modules/rfid/ingest/demo.js';
import { startMqttIngest } from './modules/rfid/mqtt/index.js';
import { seedFittingReads } from './modules/smart-store/demo-reads.js';
import { seedExitReads } from './modules/store/pos/demo-exit.js';
import { seed } from './seed/index.js';

/** Start the server: open the database (waiting for it if needed), migrate, seed, serve. */
async function main() {
  // before anything is written: files this process creates are its user's only
  process.umask(PRIVATE_UMASK);
  const log = pino({ level: process.env.LOG_LEVEL || 'info' });
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    log.fatal((err as Error).message);
    process.exit(1);
  }
  try {
    const tightened = securePrivateTree(config.dataDir);
    if (tightened) log.warn(`${config.dataDir}: took group and other permissions off ${tightened} file(s) and folder(s)`);
  } catch (err) {
    // the embedded database lives there; on PostgreSQL only the key file and uploads do
    const say = `cannot prepare DATA_DIR ${config.dataDir}: ${(err as Error).message}`;
    if (!config.databaseUrl) {
      log.fatal(say);
      process.exit(1);
    }
    log.error(say);
  }

  const database: Database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.pgPoolMax, log)
    : await openPglite(config.dataDir);
  log.info(`database: ${database.describe}`);

  const bus = new Bus(database, log);
  const ctx: AppContext = { config, database, db: database.db, bus, log, startedAt: new Date(), readiness: { ready: false, error: null } };
  const services = createServices(ctx);
  const app = await buildApp(ctx, services);
  // the job queue's runner: every process claims jobs (imports, exports, scheduled fires, maintenance)
  const jobs = new JobQueue(ctx, services);

  // Stop cleanly on a signal at any point, also while waiting for the database below.
  let stopping = false;
  let stopRunning: () => Promise<void> = async () => {};
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close(); // stops accepting, waits for in-flight requests
    await stopRunning();
    await database.close().catch(() => {});
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Listen at once, so /api/health can say what is wrong while the database is unreachable.
  await app.listen({ port: config.port, host: config.host });
  for (let attempt = 1; !stopping; attempt++) {
    try {
      await database.ping();
      break;
    } catch (err) {
      ctx.readiness.error = `cannot reach the database (${database.describe}): ${(err as Error).message || String(err)}`;
      log.error(`${ctx.readiness.error}; retrying in 5 s (attempt ${attempt})`);
      await new Promise((r) => setTimeout(r, 5000));
    }
  }
  if (stopping) return;
  await database.withStartupLock(async () => {
    await database.migrate();
    await ensurePartitions(database.db);
    await seed(database.db, config, log);
    // the first start with demo data: the demo readers' last day of reads, through the ingestion and the fold
    const demoReads = await seedDemoReads(ctx);
    if (demoReads) log.info(demoReads, "played the demo readers' last day of reads");
    // and the fitting rooms' cabins' last day (their sessions close once the server's sweep runs)
    const fittingReads = await seedFittingReads(ctx);
    if (fittingReads) log.info(fittingReads, "played the fitting rooms' last day of reads");
    // and two unsold pieces through the flagship's EAS exit an hour ago (two alarms)
    const exitReads = await seedExitReads(ctx);
    if (exitReads) log.info(exitReads, "played the flagship's EAS exit");
    // embedded PGlite analyzes nothing by itself: the tables the seed (or the last run) grew, now
    const analyzed = await analyzeStale(database);
    if (analyzed.length) log.info({ tables: analyzed.length }, 'planner statistics taken');
  });
  await bus.start();
  ctx.readiness = { ready: true, error: null };
  jobs.start();
  // scheduled tasks: every process ticks; each due fire is claimed by exactly one of them
  const scheduler = new Scheduler(ctx, services);
  scheduler.start();
  // readers' MQTT path (MQTT_URL): subscribes now the database is ready; reconnects by itself
  const mqttIngest = startMqttIngest(ctx);
  stopRunning = async () => {
    // first: take no more messages, let the one in flight commit and be acknowledged
    await mqttIngest?.stop();
    await jobs.stop();
    await scheduler.stop();
    await bus.stop();
  };
  log.info(`TagLoom ${config.version} at http://localhost:${config.port} (API /api, docs /api/docs)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
