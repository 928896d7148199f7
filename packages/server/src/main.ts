import { buildApp } from './app.ts';
import { prepareDatabase } from './bootstrap/prepare-database.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { closeGracefully } from './http/close-gracefully.ts';
import { createLogger } from './http/logger.ts';
import { roleArgument, servesRequests } from './jobs/process-role.ts';
import { createPasswordHasher } from './services/iam/passwords/password-hasher.ts';

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** The configuration, or exit with every problem listed (no stack trace: it is not a bug). */
function configOrExit(): Config {
  // `node dist/main.mjs --role=worker` runs a worker apart (docs/jobs.md); it wins over the env
  const role = roleArgument(process.argv.slice(2));
  try {
    return loadConfig(role === undefined ? process.env : { ...process.env, HCM_PROCESS_ROLE: role });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = configOrExit();

  const logger = createLogger(config.logLevel);
  const where =
    config.database.engine === 'postgresql'
      ? 'PostgreSQL (DATABASE_URL)'
      : (config.database.dataDir ?? 'memory');
  logger.info({ engine: config.database.engine, where, role: config.processRole }, 'opening the database');
  const db = await openDatabase(config.database, (error) =>
    logger.error({ err: error }, 'idle database connection failed'),
  );

  try {
    const seeded = await prepareDatabase({
      config,
      db,
      passwords: await createPasswordHasher(),
      print: (text) => process.stdout.write(text),
    });
    if (seeded.created.length > 0)
      logger.info({ created: seeded.created }, 'first start: initial data created');
  } catch (error) {
    logger.fatal({ err: error }, 'the database could not be prepared');
    await db.close();
    process.exit(1);
  }

  const app = await buildApp({ config, db, logger });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      // A second Ctrl-C means now.
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      logger.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      await closeGracefully(app);
      await db.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (servesRequests(config.processRole)) await app.listen({ port: config.port, host: config.host });
  else {
    // a worker apart: the modules registered their queues' workers and schedules; no port
    await app.ready();
    logger.info('worker started: running jobs and schedules, answering no request');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The server could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
