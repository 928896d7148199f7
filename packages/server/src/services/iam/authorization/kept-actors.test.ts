import type { TokenSet } from '@hcm/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOf } from '../../../../../../scripts/testing/all-of.ts';
import { rolePermissions, userRoles } from '../../../db/schema.ts';
import { postgresAvailable } from '../../../testing/engines.ts';
import { makeTenant, makeUser } from '../../../testing/factories.ts';
import { httpClient } from '../../../testing/http-client.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import { statementsDuring } from '../../../testing/statements-during.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { waitForState } from '../../../testing/wait-for-state.ts';

const LIST = '/api/om/job-titles?pageSize=5';

const isPreamble = (text: string) => text === 'begin' || text.startsWith('select set_config(');

/**
 * Issue 29, part 1: a request whose caller this process has loaded before is authorized without
 * a transaction of its own (actor-cache.ts), and any change of what the caller may do reaches
 * every process: the one that made it at once, the others by NOTIFY (migrations/0053).
 */
describe.skipIf(!(await postgresAvailable()))('authorization from kept callers on PostgreSQL', () => {
  const suite = serveDuringSuite('postgresql');
  /** a second API process on the same database */
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer(suite.database.env);
  });
  afterAll(async () => {
    await other?.stop();
  });

  const signedIn = async () => {
    const tenant = await makeTenant(suite.server.db.orm);
    const made = await makeUser(
      { db: suite.server.db.orm, passwords: suite.server.passwords },
      { tenantId: tenant.id, permissions: ['job_title.view'] },
    );
    const res = await suite.http.post<{ data: TokenSet }>('/api/iam/authenticate', {
      username: made.user.username,
      password: made.password,
    });
    expect(res.status).toBe(200);
    return { ...made, token: res.body.data.accessToken };
  };

  it('costs a read two statements before its own query once its caller is kept, and more before', async () => {
    const { token } = await signedIn();
    const first = await statementsDuring(async () => {
      expect((await suite.http.get(LIST, token)).status).toBe(200);
    });
    const second = await statementsDuring(async () => {
      expect((await suite.http.get(LIST, token)).status).toBe(200);
    });
    // the first: a transaction of its own to load the caller and the licence, then the route's
    expect(first.findIndex((text) => !isPreamble(text))).toBe(2);
    expect(first).toContain('commit');
    expect(first.indexOf('commit')).toBeLessThan(first.lastIndexOf('begin'));
    // the second: the route's own transaction only, its query right after BEGIN and the settings
    expect(allOf(second.slice(0, 2), isPreamble), JSON.stringify(second)).toBe(true);
    expect(second.filter((text) => text === 'begin')).toHaveLength(1);
    expect(second[2]).toContain('job_titles');
  });

  it('refuses a kept caller at its next request after a change in this process', async () => {
    const { user, token } = await signedIn();
    expect((await suite.http.get(LIST, token)).status).toBe(200);
    expect((await suite.http.get(LIST, token)).status).toBe(200);
    await suite.server.db.orm.delete(userRoles).where(eq(userRoles.userId, user.id));
    expect((await suite.http.get(LIST, token)).status).toBe(403);
  });

  it('refuses a kept caller once another process has taken the grant away', async () => {
    const { user, token } = await signedIn();
    const here = httpClient(other.url);
    expect((await here.get(LIST, token)).status).toBe(200);
    expect((await here.get(LIST, token)).status).toBe(200);
    // the change comes from the first process; the other learns of it by NOTIFY
    const [held] = await suite.server.db.orm.select().from(userRoles).where(eq(userRoles.userId, user.id));
    if (!held) throw new Error('the user holds no role');
    await suite.server.db.orm
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, held.roleId), eq(rolePermissions.permission, 'job_title.view')));
    const status = await waitForState(
      async () => (await here.get(LIST, token)).status,
      (answered) => answered !== 200,
    );
    expect(status).toBe(403);
  });
});
