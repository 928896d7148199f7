import type { ErrorEnvelope, TokenSet } from '@hcm/contracts';
import type { ApiClient, ApiClientWithSecret, ClientTokenResponse } from '@hcm/contracts/system';
import { desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { actionLogs } from '../../../db/schema.ts';
import { apiClientSecrets, apiClients } from '../tables/api-clients.ts';
import { testEngines } from '../../../testing/engines.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import { TEST_HR_ADMIN, TEST_ROOT } from '../../../testing/test-server.ts';

const CLIENTS = '/api/system/clients';
const TOKEN = '/api/iam/oauth/token';

describe.each(await testEngines())(
  'API clients and the client credentials grant on $engine',
  ({ engine }) => {
    // Three failures lock a (client id, address) pair: the lockout test needs no long loop.
    const suite = serveDuringSuite(engine, { LOGIN_MAX_FAILURES: '3' });
    const signIn = async (who: { username: string; password: string }) => {
      const res = await suite.http.post<{ data: TokenSet }>('/api/iam/authenticate', {
        username: who.username,
        password: who.password,
      });
      if (res.status !== 200) throw new Error(`sign-in refused: ${JSON.stringify(res.body)}`);
      return res.body.data.accessToken;
    };
    const create = async (token: string, body: Record<string, unknown>) =>
      suite.http.post<{ data: ApiClientWithSecret }>(CLIENTS, body, token);
    const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      suite.http.request<ClientTokenResponse>('POST', TOKEN, {
        raw: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    const basic = (id: string, secret: string) => ({
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
    });

    it('creates a client whose secret is shown once and stored only as a hash', async () => {
      const admin = await signIn(TEST_HR_ADMIN);
      const res = await create(admin, { name: 'Máy chấm công tầng 1', scopes: ['job_title.view'] });
      expect(res.status).toBe(200);
      const { client, clientSecret } = res.body.data;
      expect(client).toMatchObject({ status: 'ACTIVE', scopes: ['job_title.view'], lastUsedAt: null });
      expect(client.clientId).toMatch(/^hcm_[0-9a-f]{24}$/);
      expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const listed = await suite.http.get<{ data: ApiClient[] }>(CLIENTS, admin);
      expect(JSON.stringify(listed.body)).not.toContain(clientSecret);
      const [stored] = await suite.server.db.orm
        .select()
        .from(apiClientSecrets)
        .where(eq(apiClientSecrets.clientId, client.clientId));
      expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored?.secretHash).not.toContain(clientSecret);
      const [logged] = await suite.server.db.orm
        .select()
        .from(actionLogs)
        .where(eq(actionLogs.recordId, client.id))
        .orderBy(desc(actionLogs.createdAt));
      expect(logged).toMatchObject({ resource: 'client', action: 'CREATE' });
    });

    it('refuses scopes outside the tenant catalogue on the field, writing nothing', async () => {
      const admin = await signIn(TEST_HR_ADMIN);
      const before = await suite.server.db.orm.select().from(apiClients);
      const res = await suite.http.post<ErrorEnvelope>(
        CLIENTS,
        { name: 'Quá quyền', scopes: ['tenant.view', 'job_title.fly'] },
        admin,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['scopes', 'scopes']);
      expect(await suite.server.db.orm.select().from(apiClients)).toHaveLength(before.length);
    });

    it('trades id and secret for a token that lists job titles and is refused creating one', async () => {
      const admin = await signIn(TEST_HR_ADMIN);
      const { client, clientSecret } = (await create(admin, { name: 'Intranet', scopes: ['job_title.view'] }))
        .body.data;

      const res = await form({ grant_type: 'client_credentials' }, basic(client.clientId, clientSecret));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 900, scope: 'job_title.view' });
      expect(decodeJwt(res.body.access_token)).toMatchObject({ sub: client.id, cli: true });

      const token = res.body.access_token;
      expect((await suite.http.get('/api/om/job-titles', token)).status).toBe(200);
      const write = await suite.http.post<ErrorEnvelope>(
        '/api/om/job-titles',
        { code: 'CLI_1', name: 'Từ máy', priority: 1 },
        token,
      );
      expect(write.status).toBe(403);
      expect((await suite.http.get(CLIENTS, token)).status).toBe(403);

      // The form body works as well as HTTP Basic, and the use is recorded.
      const byForm = await form({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: clientSecret,
      });
      expect(byForm.status).toBe(200);
      const seen = await suite.http.get<{ data: ApiClient }>(`${CLIENTS}/${client.id}`, admin);
      expect(seen.body.data.lastUsedAt).not.toBeNull();
    });

    it('answers a wrong secret with 401 in the envelope, and locks the pair after repeated failures', async () => {
      const admin = await signIn(TEST_HR_ADMIN);
      const { client, clientSecret } = (await create(admin, { name: 'Sai mật khẩu', scopes: [] })).body.data;
      const wrong = await suite.http.request<ErrorEnvelope>('POST', TOKEN, {
        body: { grant_type: 'client_credentials' },
        headers: basic(client.clientId, 'not-the-secret'),
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
      await form({ grant_type: 'client_credentials' }, basic(client.clientId, 'nope'));
      const third = await form({ grant_type: 'client_credentials' }, basic(client.clientId, 'nope'));
      expect((third.body as unknown as ErrorEnvelope).code).toBe('ACCOUNT_LOCKED');
      // Locked: even the right secret is refused until the lock ends.
      const right = await form({ grant_type: 'client_credentials' }, basic(client.clientId, clientSecret));
      expect(right.status).toBe(401);
      expect((right.body as unknown as ErrorEnvelope).code).toBe('ACCOUNT_LOCKED');
    });

    it('kills the tokens of a rotated secret and of a revoked client at their next request', async () => {
      const admin = await signIn(TEST_HR_ADMIN);
      const { client, clientSecret } = (
        await create(admin, { name: 'Xoay khoá', scopes: ['job_title.view'] })
      ).body.data;
      const first = (await form({ grant_type: 'client_credentials' }, basic(client.clientId, clientSecret)))
        .body.access_token;

      const rotated = await suite.http.post<{ data: ApiClientWithSecret }>(
        `${CLIENTS}/${client.id}/rotate-secret`,
        undefined,
        admin,
      );
      expect(rotated.status).toBe(200);
      const newSecret = rotated.body.data.clientSecret;
      expect(newSecret).not.toBe(clientSecret);
      expect((await suite.http.get('/api/om/job-titles', first)).status).toBe(401);
      expect(
        (await form({ grant_type: 'client_credentials' }, basic(client.clientId, clientSecret))).status,
      ).toBe(401);
      const second = (await form({ grant_type: 'client_credentials' }, basic(client.clientId, newSecret)))
        .body.access_token;
      expect((await suite.http.get('/api/om/job-titles', second)).status).toBe(200);

      const revoked = await suite.http.post<{ data: ApiClient }>(
        `${CLIENTS}/${client.id}/revoke`,
        undefined,
        admin,
      );
      expect(revoked.body.data.status).toBe('REVOKED');
      expect((await suite.http.get('/api/om/job-titles', second)).status).toBe(401);
      expect(
        (await form({ grant_type: 'client_credentials' }, basic(client.clientId, newSecret))).status,
      ).toBe(401);
    });

    it('gives an expired client no token, and keeps clients within their tenant', async () => {
      const admin = await signIn(TEST_HR_ADMIN);
      const { client, clientSecret } = (await create(admin, { name: 'Hết hạn', scopes: [] })).body.data;
      await suite.server.db.orm
        .update(apiClients)
        .set({ expiresOn: '2020-01-01' })
        .where(eq(apiClients.id, client.id));
      expect(
        (await form({ grant_type: 'client_credentials' }, basic(client.clientId, clientSecret))).status,
      ).toBe(401);
      // A system user has no tenant: clients are not theirs to see.
      const root = await signIn(TEST_ROOT);
      const refused = await suite.http.get<ErrorEnvelope>(CLIENTS, root);
      expect(refused.status).toBe(403);
      // why, for the browser to say: a tenant's function
      expect(refused.body.params).toEqual({ reason: 'tenantOnly' });
    });

    it('changes the scopes of a client: its token carries the new ones from its next request; a revoked client cannot be changed', async () => {
      const admin = await signIn(TEST_HR_ADMIN);
      const { client, clientSecret } = (
        await create(admin, { name: 'Đổi phạm vi', scopes: ['job_title.view'] })
      ).body.data;
      const token = (await form({ grant_type: 'client_credentials' }, basic(client.clientId, clientSecret)))
        .body.access_token;
      expect((await suite.http.get('/api/om/job-titles', token)).status).toBe(200);
      const put = (body: Record<string, unknown>) =>
        suite.http.request<{ data: ApiClient } & ErrorEnvelope>('PUT', `${CLIENTS}/${client.id}`, {
          token: admin,
          body: { name: client.name, ...body },
        });

      const bad = await put({ scopes: ['ethnicity.view', 'tenant.update'], version: 1 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.map((e) => e.field)).toEqual(['scopes']);
      expect(bad.body.errors?.[0]?.message).toContain('tenant.update');

      const changed = await put({ scopes: ['ethnicity.view'], version: 1 });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({ scopes: ['ethnicity.view'], version: 2 });
      // The same token: job titles are no longer its to read, ethnicities now are.
      expect((await suite.http.get('/api/om/job-titles', token)).status).toBe(403);
      expect((await suite.http.get('/api/om/ethnicities', token)).status).toBe(200);
      const [logged] = await suite.server.db.orm
        .select()
        .from(actionLogs)
        .where(eq(actionLogs.recordId, client.id))
        .orderBy(desc(actionLogs.createdAt))
        .limit(1);
      expect(logged).toMatchObject({ action: 'UPDATE' });
      expect(logged?.changes).toMatchObject({
        scopes: { before: ['job_title.view'], after: ['ethnicity.view'] },
      });

      await suite.http.post(`${CLIENTS}/${client.id}/revoke`, undefined, admin);
      const revoked = await put({ scopes: ['job_title.view'], version: 3 });
      expect(revoked.status).toBe(409);
      expect(revoked.body.message).toContain('revoked');
      expect(revoked.body.params).toEqual({ reason: 'clientRevoked' });
      const [stored] = await suite.server.db.orm
        .select()
        .from(apiClients)
        .where(eq(apiClients.id, client.id));
      expect(stored?.scopes).toEqual(['ethnicity.view']);
    });

    it('checks the version of an update and refuses a grant type other than client credentials', async () => {
      const admin = await signIn(TEST_HR_ADMIN);
      const { client } = (await create(admin, { name: 'Phiên bản', scopes: [] })).body.data;
      const put = (version: number) =>
        suite.http.request<{ data: ApiClient }>('PUT', `${CLIENTS}/${client.id}`, {
          token: admin,
          body: { name: 'Phiên bản 2', scopes: ['job_title.view'], version },
        });
      expect((await put(1)).status).toBe(200);
      expect((await put(1)).status).toBe(409);
      expect(
        (await form({ grant_type: 'password', client_id: client.clientId, client_secret: 'x' })).status,
      ).toBe(400);
    });
  },
);
