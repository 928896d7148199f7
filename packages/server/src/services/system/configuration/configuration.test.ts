import type { ErrorEnvelope, TokenSet } from '@hcm/contracts';
import { DEFAULT_WORKING_WEEK, type Configuration, type ConfigurationBody } from '@hcm/contracts/system';
import { desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { ApprovalRules } from '@hcm/contracts/approvals';
import { actionLogs, refreshTokens, sessions } from '../../../db/schema.ts';
import { tenantConfigurations } from '../../../db/tables/system-configuration.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import { TEST_HR_ADMIN, TEST_ROOT } from '../../../testing/test-server.ts';

const PATH = '/api/system/configuration';
type One = { data: Configuration };

describe.each(await testEngines())('System › Configuration on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine);
  const signIn = async (who: { username: string; password: string }, rememberMe = false) => {
    const res = await suite.http.post<{ data: TokenSet }>('/api/iam/authenticate', {
      username: who.username,
      password: who.password,
      rememberMe,
    });
    if (res.status !== 200) throw new Error(`sign-in refused: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const read = async (token: string) => (await suite.http.get<One>(PATH, token)).body.data;
  const put = <T = One>(token: string, body: unknown) => suite.http.request<T>('PUT', PATH, { token, body });
  const bodyOf = (current: Configuration, changes: Partial<ConfigurationBody> = {}): ConfigurationBody => {
    const { scope: _scope, inherited: _inherited, limits: _limits, updatedAt: _updatedAt, ...body } = current;
    return { ...body, ...changes };
  };

  it('gives a tenant with nothing saved the built-in defaults and the server’s limits', async () => {
    const { accessToken } = await signIn(TEST_HR_ADMIN);
    const current = await read(accessToken);
    expect(current).toMatchObject({
      timeZone: 'Asia/Ho_Chi_Minh',
      workingWeek: DEFAULT_WORKING_WEEK,
      scope: 'tenant',
      inherited: true,
      version: 0,
      refreshTtlSeconds: suite.server.config.tokens.refreshTtlSeconds,
      sessionMaxAgeSeconds: suite.server.config.tokens.sessionMaxAgeSeconds,
    });
    expect(current.limits.sessionMaxAgeSeconds).toBe(suite.server.config.tokens.sessionMaxAgeSeconds);
  });

  it('refuses an unknown zone, a lifetime longer than the server’s and idle beyond absolute, per field', async () => {
    const { accessToken } = await signIn(TEST_HR_ADMIN);
    const current = await read(accessToken);
    const res = await put<ErrorEnvelope>(
      accessToken,
      bodyOf(current, {
        timeZone: 'Asia/Atlantis',
        sessionMaxAgeSeconds: current.limits.sessionMaxAgeSeconds + 1,
        rememberMeRefreshTtlSeconds: 7200,
        rememberMeSessionMaxAgeSeconds: 3600,
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual([
      'rememberMeRefreshTtlSeconds',
      'sessionMaxAgeSeconds',
      'timeZone',
    ]);
    // a week without a working day: a step in working days would never fall due
    const noWork = await put<ErrorEnvelope>(
      accessToken,
      bodyOf(current, {
        workingWeek: Object.fromEntries(
          Object.keys(current.workingWeek).map((day) => [day, 'OFF']),
        ) as typeof current.workingWeek,
      }),
    );
    expect(noWork.status).toBe(400);
    expect(noWork.body.errors?.map((e) => [e.field, e.code])).toEqual([
      ['workingWeek', 'error.invalidValue'],
    ]);
    const tooShort = await put<ErrorEnvelope>(accessToken, bodyOf(current, { refreshTtlSeconds: 60 }));
    expect(tooShort.status).toBe(400);
    expect((await read(accessToken)).version).toBe(0);
  });

  it('saves, logs the change and refuses a stale version with 409', async () => {
    const { accessToken } = await signIn(TEST_HR_ADMIN);
    const current = await read(accessToken);
    const week = { ...DEFAULT_WORKING_WEEK, saturday: 'HALF' as const };
    const saved = await put(accessToken, bodyOf(current, { timeZone: 'Asia/Bangkok', workingWeek: week }));
    expect(saved.body).not.toHaveProperty('errors');
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      timeZone: 'Asia/Bangkok',
      workingWeek: week,
      version: 1,
      inherited: false,
    });
    expect(await read(accessToken)).toMatchObject({ timeZone: 'Asia/Bangkok', version: 1 });

    const stale = await put<ErrorEnvelope>(accessToken, bodyOf(current, { timeZone: 'UTC' }));
    expect(stale.status).toBe(409);
    expect((await read(accessToken)).timeZone).toBe('Asia/Bangkok');

    const tenantId = String(decodeJwt(accessToken).tid);
    const [entry] = await suite.server.db.orm
      .select()
      .from(actionLogs)
      .where(eq(actionLogs.resource, 'configuration'))
      .orderBy(desc(actionLogs.createdAt));
    expect(entry).toMatchObject({ tenantId, recordId: tenantId, action: 'CREATE' });
    expect(entry?.changes.timeZone).toEqual({ before: 'Asia/Ho_Chi_Minh', after: 'Asia/Bangkok' });
  });

  it('keeps four eyes by default, switches it off when HR says so, keeps it when a body omits it, and tells every signed-in user', async () => {
    await suite.server.db.orm.delete(tenantConfigurations);
    const { accessToken } = await signIn(TEST_HR_ADMIN);
    const tenantId = String(decodeJwt(accessToken).tid);
    // a requester holds no configuration permission, yet their workflow form needs the rule
    const { user } = await makeUser(
      { db: suite.server.db.orm, passwords: suite.server.passwords },
      { tenantId, permissions: [] },
    );
    const requester = await accessTokenFor(suite.server.db.orm, user);
    const rules = async () =>
      suite.http.get<{ data: ApprovalRules }>('/api/system/configuration/approval-rules', requester);
    expect((await read(accessToken)).requesterMayApprove).toBe(false);
    expect((await suite.http.get(PATH, requester)).status).toBe(403);
    expect((await rules()).body).toEqual({ data: { requesterMayApprove: false } });

    const on = await put(accessToken, bodyOf(await read(accessToken), { requesterMayApprove: true }));
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.requesterMayApprove).toBe(true);
    expect((await rules()).body.data.requesterMayApprove).toBe(true);
    // a client that predates the setting saves without it: HR's choice stays
    const { requesterMayApprove: _omitted, ...older } = bodyOf(await read(accessToken), {
      dateFormat: 'MM/DD/YYYY',
    });
    const kept = await put(accessToken, older);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data).toMatchObject({ dateFormat: 'MM/DD/YYYY', requesterMayApprove: true });
    expect((await suite.http.get('/api/system/configuration/approval-rules')).status).toBe(401);
  });

  it('lets a system user keep the defaults that a tenant with nothing saved reads', async () => {
    const root = await signIn(TEST_ROOT);
    const defaults = await read(root.accessToken);
    expect(defaults).toMatchObject({ scope: 'system', inherited: false });
    const saved = await put(root.accessToken, bodyOf(defaults, { dateFormat: 'YYYY-MM-DD' }));
    expect(saved.body).not.toHaveProperty('errors');
    expect(saved.status).toBe(200);
    // hradmin's tenant saved its own in the test above; a tenant without one inherits.
    await suite.server.db.orm.delete(tenantConfigurations);
    const hr = await signIn(TEST_HR_ADMIN);
    expect(await read(hr.accessToken)).toMatchObject({
      dateFormat: 'YYYY-MM-DD',
      inherited: true,
      version: 0,
    });
  });

  it('gives the next sign-in the tenant’s shorter lifetimes', async () => {
    const hr = await signIn(TEST_HR_ADMIN);
    const saved = await put(
      hr.accessToken,
      bodyOf(await read(hr.accessToken), { refreshTtlSeconds: 600, sessionMaxAgeSeconds: 1200 }),
    );
    expect(saved.body).not.toHaveProperty('errors');
    expect(saved.status).toBe(200);

    const next = await signIn(TEST_HR_ADMIN);
    const sid = String(decodeJwt(next.accessToken).sid);
    const [session] = await suite.server.db.orm.select().from(sessions).where(eq(sessions.id, sid));
    const [token] = await suite.server.db.orm
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, sid));
    if (!session || !token) throw new Error('the sign-in opened no session');
    expect((session.expiresAt.getTime() - session.createdAt.getTime()) / 1000).toBe(1200);
    expect((token.expiresAt.getTime() - token.createdAt.getTime()) / 1000).toBe(600);
  });

  it('ends a session already open at its next refresh once the tenant shortens the absolute lifetime', async () => {
    await suite.server.db.orm.delete(tenantConfigurations);
    const hr = await signIn(TEST_HR_ADMIN);
    const admin = await signIn(TEST_HR_ADMIN);
    const sid = String(decodeJwt(hr.accessToken).sid);
    // A sign-in made an hour ago, still inside the server's day-long lifetime...
    await suite.server.db.orm
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.id, sid));
    const first = await suite.http.post<{ data: TokenSet }>('/api/iam/refresh-token', {
      refreshToken: hr.refreshToken,
    });
    expect(first.status).toBe(200);

    // ...outlives a tenant lifetime of half an hour: its next refresh is refused, and its access
    // tokens with it.
    const current = await read(admin.accessToken);
    const saved = await put(
      admin.accessToken,
      bodyOf(current, { refreshTtlSeconds: 900, sessionMaxAgeSeconds: 1800 }),
    );
    expect(saved.body).not.toHaveProperty('errors');
    expect(saved.status).toBe(200);
    const second = await suite.http.post('/api/iam/refresh-token', {
      refreshToken: first.body.data.refreshToken,
    });
    expect(second.status).toBe(401);
    expect((await suite.http.get('/api/iam/me/profile', first.body.data.accessToken)).status).toBe(401);
    // The administrator's own sign-in is younger than half an hour: it carries on.
    expect((await suite.http.get('/api/iam/me/profile', admin.accessToken)).status).toBe(200);
  });
});
