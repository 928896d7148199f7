import { ErrorCodes, type ErrorEnvelope } from '@hcm/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
  type SystemCaller,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { and, eq } from 'drizzle-orm';
import { systemActionLogs, tenantSubscriptions } from '../../../db/schema.ts';
import { makeServicePack, makeTenant } from '../../../testing/factories.ts';
import { jobTitleResource } from '../../om/categories/category-resources.ts';

describe.each(await testEngines('both'))(
  'POST /api/system/tenants/{id}/subscription on $engine',
  ({ engine }) => {
    let kit: ResourceTestKit;
    let admin: SystemCaller;
    let hr: Caller;
    let packId: string;
    const path = (tenantId: string) => `/api/system/tenants/${tenantId}/subscription`;

    beforeAll(async () => {
      kit = await startResourceTestKit(engine);
      admin = await kit.systemCaller([], ['tenant.update']);
      hr = await kit.caller([jobTitleResource], ['tenant.update']);
      packId = (await makeServicePack(kit.server.db.orm)).id;
    });
    afterAll(() => kit?.stop());

    it('moves a subscription into the past: the tenant then gets 400 40000029 on OM routes', async () => {
      expect((await kit.http.get('/api/om/job-titles', hr.token)).status).toBe(200);
      const past = {
        servicePackId: packId,
        startsAt: '2020-01-01T00:00:00.000Z',
        endsAt: '2021-01-01T00:00:00.000Z',
      };
      const res = await kit.http.post<{ data: Record<string, unknown> }>(
        path(hr.tenantId),
        past,
        admin.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ tenantId: hr.tenantId, ...past });

      const refused = await kit.http.get<ErrorEnvelope>('/api/om/job-titles', hr.token);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(ErrorCodes.licenseExpired);
      expect(refused.body.code).toBe('40000029');

      const now = Date.now();
      const current = {
        servicePackId: packId,
        startsAt: new Date(now - 60_000).toISOString(),
        endsAt: new Date(now + 86_400_000).toISOString(),
      };
      expect((await kit.http.post(path(hr.tenantId), current, admin.token)).status).toBe(200);
      expect((await kit.http.get('/api/om/job-titles', hr.token)).status).toBe(200);
    });

    it('records in the action log what the change replaced, not null', async () => {
      const tenant = await makeTenant(kit.server.db.orm);
      const [previous] = await kit.server.db.orm
        .select()
        .from(tenantSubscriptions)
        .where(eq(tenantSubscriptions.tenantId, tenant.id));
      if (!previous) throw new Error('makeTenant gives a licence');
      const next = {
        servicePackId: packId,
        startsAt: new Date(Date.now() - 1000).toISOString(),
        endsAt: '2040-01-01T00:00:00.000Z',
      };
      expect((await kit.http.post(path(tenant.id), next, admin.token)).status).toBe(200);
      const [entry] = await kit.server.db.orm
        .select({ changes: systemActionLogs.changes })
        .from(systemActionLogs)
        .where(and(eq(systemActionLogs.resource, 'tenant'), eq(systemActionLogs.recordId, tenant.id)));
      expect(entry?.changes).toEqual({
        subscription: {
          before: [
            {
              servicePackId: previous.servicePackId,
              startsAt: previous.startsAt.toISOString(),
              endsAt: previous.endsAt.toISOString(),
            },
          ],
          after: [next],
        },
      });
    });

    it('refuses tenant users (403), unknown tenants (404) and bad bodies (400)', async () => {
      const body = {
        servicePackId: packId,
        startsAt: '2020-01-01T00:00:00Z',
        endsAt: '2021-01-01T00:00:00Z',
      };
      expect((await kit.http.post(path(hr.tenantId), body, hr.token)).status).toBe(403);
      expect((await kit.http.post(path(randomUUID()), body, admin.token)).status).toBe(404);
      const cases: [string, unknown][] = [
        ['endsAt', { ...body, endsAt: '2019-01-01T00:00:00Z' }],
        ['servicePackId', { ...body, servicePackId: randomUUID() }],
        ['servicePackId', { ...body, servicePackId: 'nope' }],
        ['startsAt', { ...body, startsAt: 'yesterday' }],
        ['unknownField', { ...body, unknownField: 1 }],
      ];
      for (const [field, bad] of cases) {
        const res = await kit.http.post<ErrorEnvelope>(path(hr.tenantId), bad, admin.token);
        expect(res.status, field).toBe(400);
        expect(res.body.errors?.map((e) => e.field).join(), field).toContain(field);
      }
      expect((await kit.http.get('/api/om/job-titles', hr.token)).status).toBe(200);
    });
  },
);
