import { afterAll, beforeAll } from 'vitest';
import type { Engine } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from './engines.ts';
import { httpClient, type HttpClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** The server a suite talks to; its parts exist from the suite's beforeAll on. */
export interface ServedSuite {
  readonly server: TestServer;
  readonly database: TestDatabase;
  readonly http: HttpClient;
}

/**
 * Gives the calling describe block a real server on its own fresh database of `engine`:
 * created in beforeAll, stopped and dropped in afterAll. `env` and `options` go to
 * startTestServer (extra variables, the test's own routes).
 */
export function serveDuringSuite(
  engine: Engine,
  env: Record<string, string | undefined> = {},
  options: Parameters<typeof startTestServer>[1] = {},
): ServedSuite {
  let served: { server: TestServer; database: TestDatabase; http: HttpClient } | undefined;
  const started = () => {
    if (!served) throw new Error('serveDuringSuite: the server starts in beforeAll; use it inside tests');
    return served;
  };
  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    try {
      const server = await startTestServer({ ...database.env, ...env }, options);
      served = { server, database, http: httpClient(server.url) };
    } catch (error) {
      await database.dispose();
      throw error;
    }
  });
  afterAll(async () => {
    await served?.server.stop();
    await served?.database.dispose();
    served = undefined;
  });
  return {
    get server() {
      return started().server;
    },
    get database() {
      return started().database;
    },
    get http() {
      return started().http;
    },
  };
}
