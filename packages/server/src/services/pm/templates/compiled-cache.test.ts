import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { waitForState } from '../../../testing/wait-for-state.ts';
import { salaryComponentResource } from '../components/resource.ts';
import { CompiledTemplateCache } from './compiled-cache.ts';
import { payrollTemplateResource } from './resource.ts';
import { componentFactory, templateFactory } from './testing.ts';

/*
 * The compiled templates a process keeps (compiled-cache.ts): compiled once, served until the
 * tenant's components, templates or parameters change — in this process at once, in another when
 * the database's notification arrives — never kept while deaf or when the template does not check.
 * Both engines: the signal is a trigger's NOTICE and NOTIFY, which each engine delivers its way.
 */
describe.each(await testEngines('both'))(
  'compiled payroll templates kept by a process on $engine',
  ({ engine }) => {
    let kit: ResourceTestKit;
    let hr: Caller;
    let other: TestServer | undefined;
    let cache: CompiledTemplateCache;
    let stop: () => Promise<void>;

    const inTenant = <T>(caller: Caller, work: (tx: Tx) => Promise<T>) =>
      inScope(kit.server.db.orm, { tenantId: caller.tenantId, userId: caller.userId }, work);
    const compiled = (templateId: string, caller = hr) =>
      inTenant(caller, (tx) => cache.template(tx, caller.tenantId, templateId));

    beforeAll(async () => {
      kit = await startResourceTestKit(engine);
      hr = await kit.caller([salaryComponentResource, payrollTemplateResource]);
      cache = new CompiledTemplateCache({ maxEntries: 10 });
      stop = await cache.watch(kit.server.db);
    });
    afterAll(async () => {
      await stop?.();
      await other?.stop();
      await kit?.stop();
    });

    it('compiles a template once and serves it until the tenant’s components or templates change', async () => {
      const component = componentFactory(kit.http, hr.token);
      const base = await component({ code: 'C_BASE' });
      const bonus = await component({ code: 'C_BONUS', formula: 'C_BASE * 2' });
      const made = await templateFactory(
        kit.http,
        hr.token,
      )({ code: 'MAU_C', componentIds: [bonus.id, base.id] });

      const first = await compiled(made.id);
      expect(first?.order).toEqual(['C_BASE', 'C_BONUS']);
      const bound = first?.compiled?.bind({});
      if (!bound?.ok) throw new Error('the template binds no table');
      expect(bound.template.run({ C_BASE: 1_000_000 })).toEqual({ ok: true, values: [2_000_000, 1_000_000] });
      expect(await compiled(made.id)).toBe(first);
      expect(cache.counts).toEqual({ hits: 1, misses: 1 });

      // another tenant's change leaves this tenant's kept
      const stranger = await kit.caller([salaryComponentResource, payrollTemplateResource]);
      await componentFactory(kit.http, stranger.token)({ code: 'C_BASE' });
      expect(await compiled(made.id)).toBe(first);

      // this tenant's change: forgotten before the writing request answered
      const changed = await kit.http.post(
        `/api/pm/salary-components/${bonus.id}/update`,
        { version: bonus.version, formula: 'C_BASE * 3' },
        hr.token,
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(cache.size).toBe(0);
      const second = await compiled(made.id);
      expect(second).not.toBe(first);
      expect(second?.fingerprint).not.toBe(first?.fingerprint);
      const rebound = second?.compiled?.bind({});
      if (!rebound?.ok) throw new Error('the template binds no table');
      expect(rebound.template.run({ C_BASE: 1_000_000 })).toMatchObject({ values: [3_000_000, 1_000_000] });
      expect(cache.counts.misses).toBe(2);
    });

    it('keeps no template that does not check', async () => {
      const component = componentFactory(kit.http, hr.token);
      const a = await component({ code: 'C_LOOP_A', formula: '1' });
      const b = await component({ code: 'C_LOOP_B', formula: 'C_LOOP_A + 1' });
      const made = await templateFactory(
        kit.http,
        hr.token,
      )({ code: 'MAU_LOOP', componentIds: [a.id, b.id] });
      // a cycle the components' own checks refuse, as data written before them could hold one
      await inTenant(hr, (tx) =>
        tx.execute(sql`update salary_components set formula = 'C_LOOP_B' where id = ${a.id}`),
      );
      const broken = await compiled(made.id);
      expect(broken?.compiled).toBeNull();
      expect(broken?.errors.map((e) => e.params?.cycle)).toEqual(['C_LOOP_A → C_LOOP_B → C_LOOP_A']);
      expect(cache.size).toBe(0);
      expect(await compiled('00000000-0000-4000-8000-000000000000')).toBeNull();
    });

    it.runIf(engine === 'postgresql')('forgets a template when another process changes it', async () => {
      const component = componentFactory(kit.http, hr.token);
      const base = await component({ code: 'C_FAR' });
      const made = await templateFactory(kit.http, hr.token)({ code: 'MAU_FAR', componentIds: [base.id] });
      await compiled(made.id);
      expect(cache.size).toBeGreaterThan(0);
      other = await startTestServer(kit.database.env);
      const farUrl = other.url;
      // a change made through the other process reaches this one by the database's notification
      const viaOther = await fetch(`${farUrl}/api/pm/salary-components/${base.id}/update`, {
        method: 'POST',
        headers: { authorization: `Bearer ${hr.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version: base.version, name: 'Đổi tên ở tiến trình khác' }),
      });
      expect(viaOther.status).toBe(200);
      expect(
        await waitForState(
          () => Promise.resolve(cache.size),
          (size) => size === 0,
        ),
      ).toBe(0);
    });
  },
);
