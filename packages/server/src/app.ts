import { existsSync } from 'node:fs';
import { Headers } from '@hcm/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { sessionClockOf, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { readJournal } from './db/migrations.ts';
import { errorHandler } from './http/error-handler.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { createNotFoundHandler } from './http/not-found.ts';
import { trackConnections } from './http/close-gracefully.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerOutboundLog } from './http/outbound/register-outbound-log.ts';
import { childLoggerFactory, linkRequestToLog, requestIdFor } from './http/request-context.ts';
import {
  readFrontEndPage,
  registerRateLimits,
  registerSecurityHeaders,
  trustProxyOption,
} from './http/security.ts';
import { registerResponseSerializers } from './http/serialization.ts';
import { registerCompression } from './http/compression.ts';
import { registerStaticFrontEnd } from './http/static-front-end.ts';
import { registerWidgetOrigins } from './http/widget-origins.ts';
import { checkBindings } from './resources/check-tables.ts';
import { fileHoldersOf } from './resources/files/readable-files.ts';
import { pickerGrantsOf } from './resources/pickers.ts';
import { startJobQueue } from './jobs/job-queue.ts';
import { jobRoutes } from './jobs/job-routes.ts';
import { runsJobs } from './jobs/process-role.ts';
import type { App } from './http/types.ts';
import { typeboxValidatorCompiler } from './http/validation.ts';
import { healthService } from './services/health/routes.ts';
import { registerAuthentication } from './services/iam/authentication/authentication.ts';
import { ActorCache } from './services/iam/authorization/actor-cache.ts';
import { registerAuthorization } from './services/iam/authorization/authorization.ts';
import { iamService } from './services/iam/index.ts';
import { createPasswordHasher } from './services/iam/passwords/password-hasher.ts';
import { ensureSigningKey } from './services/iam/tokens/signing-key.ts';
import { createTokenSigner } from './services/iam/tokens/token-signer.ts';
import { declaredResources } from './services/declared-resources.ts';
import { approvalService } from './services/approvals/index.ts';
import { registerMetrics } from './services/metrics/metrics.ts';
import { notificationService } from './services/notification/index.ts';
import { omService } from './services/om/index.ts';
import { documentPdfService } from './services/om/documents/pdf-routes.ts';
import { accountsOfReachedWorkers } from './services/om/workers/worker-reach.ts';
import { jobAssignees } from './services/om/workers/job-assignees.ts';
import { roleAssignees } from './services/iam/roles/role-assignees.ts';
import { pmService } from './services/pm/index.ts';
import { systemService } from './services/system/index.ts';
import { tmService } from './services/tm/index.ts';
import { admsRoutes } from './services/tm/adms/routes.ts';
import { configurationRoutes } from './services/system/configuration/routes.ts';
import { openFileStore, storageService } from './services/storage/index.ts';
import { storeStarterDocuments } from './services/tenant/seeds/documents/starter-documents.ts';

export interface BuildAppOptions {
  config: Config;
  /** an open, migrated database (see bootstrap/prepare-database.ts) */
  db: Database;
  /** a pino logger (http/logger.ts); tests pass one writing to a buffer */
  logger: FastifyBaseLogger;
  /**
   * the time of sign-ins, tokens and sessions; tests pass one they move. Default: the wall's,
   * or HCM_TEST_CLOCK_FILE's (config.ts)
   */
  clock?: Clock;
}

/**
 * The whole HTTP application, not listening yet: main.ts and the tests both build it here.
 * Order matters: the authentication hook before the routes it guards, the static files and
 * the not-found handler last.
 */
export async function buildApp({ config, db, logger, clock }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    loggerInstance: logger,
    genReqId: requestIdFor,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    childLoggerFactory,
    trustProxy: trustProxyOption(config.http.trustProxy),
    requestTimeout: config.http.requestTimeoutSeconds * 1000,
    // Node checks the timeout only every connectionsCheckingInterval (30 s by default), and
    // never cuts a request whose headersTimeout (60 s by default) is longer than requestTimeout.
    http: {
      connectionsCheckingInterval: Math.min(30_000, config.http.requestTimeoutSeconds * 250),
      headersTimeout: Math.min(60_000, config.http.requestTimeoutSeconds * 1000),
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  trackConnections(app);
  app.setValidatorCompiler(typeboxValidatorCompiler);
  // Before any route: every plugin inherits it, and no JSON body deeper than the limit is parsed.
  registerJsonBodyParser(app);
  registerResponseSerializers(app);
  // JSON of the API compressed (issue 29). A root hook runs before the plugins' own onSend hooks:
  // none of those reads the body (a route that tags its answer does so before serialization).
  registerCompression(app);
  app.setErrorHandler(errorHandler);
  app.addHook('onRequest', linkRequestToLog);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(Headers.requestId, request.id);
  });
  registerWidgetOrigins(app, config.http.widgetOrigins);
  // Before the routes: they hook onRoute (headers on every answer, limits where declared, counts).
  await registerSecurityHeaders(app, { http: config.http, page: readFrontEndPage(config.staticDir) });
  await registerRateLimits(app, config.rateLimits);
  const metrics = registerMetrics(app, config.metrics);
  // Before the services: they hand app.outboundLog to their clients of other systems.
  registerOutboundLog(app, { db: db.orm, metrics });
  // Before the authentication hook: the docs are public, and before every route it documents.
  await registerOpenApi(app);

  await checkBindings(db.orm, declaredResources);
  // Who may see a stored file follows the records that hold it: the storage routes and the
  // writes that attach files read the same holders (resources/files/readable-files.ts).
  const fileHolders = fileHoldersOf(declaredResources);
  app.decorate('fileHolders', fileHolders);
  // Who files an approvable document opens the pickers of its form (a leave type, their own
  // employee record) without those lists' view permission: read by every service's routes.
  app.decorate('pickerGrants', pickerGrantsOf(declaredResources));
  const passwords = await createPasswordHasher();
  const sessionClock = clock ?? sessionClockOf(config.testClockFile, app.log);
  const tokens = createTokenSigner(
    await ensureSigningKey(db.orm),
    config.tokens.accessTtlSeconds,
    sessionClock,
  );
  registerAuthentication(app, tokens);
  // The callers this process knows (issue 29): most requests then need no transaction to authorize.
  const actors =
    config.tokens.actorCacheSeconds > 0
      ? new ActorCache({
          ttlMs: config.tokens.actorCacheSeconds * 1000,
          maxActors: 20_000,
          clock: sessionClock,
        })
      : undefined;
  if (actors) {
    const stopWatching = await actors.watch(db);
    app.addHook('onClose', stopWatching);
  }
  registerAuthorization(app, db.orm, sessionClock, actors);

  await app.register(healthService, {
    deps: { db, journal: readJournal(config.migrationsDir), startedAt: Date.now() },
  });
  await app.register(iamService, {
    deps: {
      db: db.orm,
      passwords,
      tokens,
      tokenConfig: config.tokens,
      signIn: config.signIn,
      clock: sessionClock,
      // a user administrator limited to some units manages the accounts of their employees only
      accountsInReach: accountsOfReachedWorkers,
    },
  });
  const store = await openFileStore(config.files, app.outboundLog);
  app.addHook('onClose', async () => store.close());
  // the starter document templates' bytes, which every seeded tenant's templates point at
  await storeStarterDocuments(store);
  // before the modules: they register their queues' workers and their schedules with it
  const queue = await startJobQueue(db, app.log, {
    pollSeconds: config.jobs.pollSeconds,
    runJobs: runsJobs(config.processRole),
  });
  // before the database closes, after the routes stop: running jobs finish, none is taken after
  app.addHook('onClose', async () => queue.stop());
  await app.register(jobRoutes, { db });
  await app.register(omService, {
    deps: { db: db.orm, exports: config.exports, files: store, queue },
    // the dashboard's "awaiting me" and "my requests" name every module's approvable kinds
    approvable: declaredResources,
    validitySweepMinutes: config.jobs.contractValiditySweepMinutes,
    // the dashboard's figures, kept until migrations/0054's signal says they changed
    workforce: {
      signals: db,
      seconds: config.dashboard.cacheSeconds,
      entries: config.dashboard.cacheEntries,
    },
  });
  await app.register(pmService, {
    deps: { db: db.orm, exports: config.exports, database: db, queue, clock: sessionClock },
  });
  await app.register(tmService, {
    deps: { db: db.orm, exports: config.exports, database: db, queue, clock: sessionClock },
  });
  // attendance devices push here (ZKTeco ADMS): /iclock, outside /api, no token (docs/attendance-devices.md)
  await app.register(admsRoutes, { db: db.orm, clock: sessionClock, queue });
  await app.register(systemService, {
    deps: { db: db.orm, theme: config.theme, exports: config.exports, queue },
  });
  await app.register(configurationRoutes, { deps: { db: db.orm, tokens: config.tokens } });
  await app.register(storageService, { deps: { db: db.orm, store, fileHolders } });
  await app.register(notificationService, {
    deps: { db, queue, mail: config.mail, publicUrl: config.http.publicUrl },
  });
  await app.register(approvalService, {
    deps: {
      db,
      queue,
      resources: declaredResources,
      mail: config.mail,
      publicUrl: config.http.publicUrl,
      // who may take a workflow step: roles are IAM's, job positions and titles the organisation's
      assignees: { ...roleAssignees, ...jobAssignees },
    },
  });
  // printed documents as PDF: LibreOffice converts in the job queue (README "Printed documents as PDF")
  await app.register(documentPdfService, { deps: { db, queue, store } });

  const frontEnd = { root: config.staticDir, available: existsSync(config.staticDir) };
  if (frontEnd.available) await registerStaticFrontEnd(app, config.staticDir);
  else
    app.log.warn(
      { staticDir: config.staticDir },
      'front end not built (run `pnpm build`): serving the API only',
    );
  app.setNotFoundHandler(createNotFoundHandler(frontEnd));

  return app;
}
