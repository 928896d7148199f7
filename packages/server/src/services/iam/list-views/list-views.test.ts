import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  LIST_SETTINGS_PATHS,
  ListViewErrors,
  ListViewLimits,
  type ListSettings,
  type ListView,
} from '@hcm/contracts/list-views';
import { inScope } from '../../../db/tenant-scope.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../../testing/factories.ts';
import type { ErrorResult, HttpResult } from '../../../testing/http-client.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';

const path = (template: string, id: string) => template.replace(':id', id);

describe.each(await testEngines())(
  "a user's list settings (columns and saved views) on $engine",
  ({ engine }) => {
    const suite = serveDuringSuite(engine);

    /** A signed-in user of a tenant (a fresh tenant unless given), or a system user (tenantId null). */
    async function someone(tenantId?: string | null) {
      const tenant = tenantId === undefined ? (await makeTenant(suite.server.db.orm)).id : tenantId;
      const { user } = await makeUser(
        { db: suite.server.db.orm, passwords: suite.server.passwords },
        { tenantId: tenant },
      );
      return { user, tenantId: tenant, token: await accessTokenFor(suite.server.db.orm, user) };
    }

    const settingsOf = async (token: string, list = 'om/workers') =>
      (
        (await suite.http.get(`${LIST_SETTINGS_PATHS.settings}?list=${list}`, token)) as HttpResult<{
          data: ListSettings;
        }>
      ).body.data;
    const save = (token: string, body: Record<string, unknown>) =>
      suite.http.post(LIST_SETTINGS_PATHS.createView, { list: 'om/workers', ...body }, token) as Promise<
        HttpResult<{ data: ListView }> & ErrorResult
      >;

    it('remembers the chosen columns in order, and forgets them on null', async () => {
      const { token } = await someone();
      expect(await settingsOf(token)).toEqual({ columns: null, views: [] });
      const saved = await suite.http.post(
        LIST_SETTINGS_PATHS.columns,
        { list: 'om/workers', columns: ['fullName', 'code', 'email'] },
        token,
      );
      expect(saved.status).toBe(200);
      expect((await settingsOf(token)).columns).toEqual(['fullName', 'code', 'email']);
      await suite.http.post(LIST_SETTINGS_PATHS.columns, { list: 'om/workers', columns: ['code'] }, token);
      expect((await settingsOf(token)).columns).toEqual(['code']);
      expect((await settingsOf(token, 'om/labor-contracts')).columns).toBeNull();
      await suite.http.post(LIST_SETTINGS_PATHS.columns, { list: 'om/workers', columns: null }, token);
      expect((await settingsOf(token)).columns).toBeNull();
    });

    it('saves, renames, makes default and deletes views; one default per list', async () => {
      const { token } = await someone();
      const state = {
        keyword: 'an',
        sortBy: 'fullName.desc',
        filters: { workingStatus: 'WORKING' },
        columns: ['code'],
      };
      const first = await save(token, { name: ' Đang làm việc ', state, isDefault: true });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ name: 'Đang làm việc', state, isDefault: true });
      const second = await save(token, {
        name: 'Đã nghỉ',
        state: { filters: { workingStatus: 'UNEMPLOYED' } },
        isDefault: true,
      });
      expect(second.body.data.isDefault).toBe(true);
      let views = (await settingsOf(token)).views;
      expect(views.map((v) => [v.name, v.isDefault])).toEqual([
        ['Đã nghỉ', true],
        ['Đang làm việc', false],
      ]);
      const renamed = await suite.http.post(
        path(LIST_SETTINGS_PATHS.updateView, first.body.data.id),
        { name: 'Nhân viên hiện tại', isDefault: true },
        token,
      );
      expect(renamed.status).toBe(200);
      views = (await settingsOf(token)).views;
      expect(views.map((v) => [v.name, v.isDefault])).toEqual([
        ['Đã nghỉ', false],
        ['Nhân viên hiện tại', true],
      ]);
      const deleted = await suite.http.post(
        path(LIST_SETTINGS_PATHS.deleteView, second.body.data.id),
        undefined,
        token,
      );
      expect(deleted.status).toBe(200);
      expect((await settingsOf(token)).views.map((v) => v.name)).toEqual(['Nhân viên hiện tại']);
    });

    it('refuses a taken name, an empty or long name, a large state and more views than the bound', async () => {
      const { token } = await someone();
      expect((await save(token, { name: 'Một', state: {} })).status).toBe(200);
      const taken = await save(token, { name: 'MỘT', state: {} });
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe(ListViewErrors.duplicateName);
      expect((await save(token, { name: '   ', state: {} })).status).toBe(400);
      const long = await save(token, { name: 'x'.repeat(ListViewLimits.name + 1), state: {} });
      expect(long.status).toBe(400);
      expect(long.body.errors?.[0]).toMatchObject({ field: 'name', code: 'error.maxlength' });
      const large = await save(token, {
        name: 'Lớn',
        state: {
          filters: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, 'v'.repeat(90)])),
        },
      });
      expect(large.status).toBe(400);
      expect(large.body.code).toBe(ListViewErrors.stateTooLarge);
      expect(large.body.message).toMatch(/at most 4096/);
      const badList = await suite.http.get(
        `${LIST_SETTINGS_PATHS.settings}?list=${encodeURIComponent('../x')}`,
        token,
      );
      expect(badList.status).toBe(400);
      for (let i = 1; i < ListViewLimits.viewsPerList; i++)
        expect((await save(token, { name: `Bộ lọc ${i}`, state: {} })).status).toBe(200);
      const tooMany = await save(token, { name: 'Một nữa', state: {} });
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.code).toBe(ListViewErrors.tooMany);
      expect(tooMany.body.message).toMatch(/at most 20/);
      // another list has its own bound
      expect((await save(token, { list: 'om/labor-contracts', name: 'Một', state: {} })).status).toBe(200);
    });

    it("shows a user only their own views: a colleague's are 404, another tenant's too", async () => {
      const me = await someone();
      const colleague = await someone(me.tenantId);
      const stranger = await someone();
      const mine = await save(me.token, { name: 'Của tôi', state: {} });
      await suite.http.post(LIST_SETTINGS_PATHS.columns, { list: 'om/workers', columns: ['code'] }, me.token);
      for (const other of [colleague, stranger]) {
        expect(await settingsOf(other.token)).toEqual({ columns: null, views: [] });
        for (const route of [LIST_SETTINGS_PATHS.updateView, LIST_SETTINGS_PATHS.deleteView]) {
          const refused = await suite.http.post(
            path(route, mine.body.data.id),
            route.endsWith('update') ? { name: 'X' } : undefined,
            other.token,
          );
          expect(refused.status).toBe(404);
        }
        // the same name is free for someone else
        expect((await save(other.token, { name: 'Của tôi', state: {} })).status).toBe(200);
      }
      expect((await settingsOf(me.token)).views.map((v) => v.name)).toEqual(['Của tôi']);
    });

    it('keeps a system user’s settings too (no tenant)', async () => {
      const admin = await someone(null);
      expect(
        (await save(admin.token, { list: 'system/tenants', name: 'Sắp hết hạn', state: {} })).status,
      ).toBe(200);
      expect((await settingsOf(admin.token, 'system/tenants')).views.map((v) => v.name)).toEqual([
        'Sắp hết hạn',
      ]);
    });

    it('lets the database itself confine the rows to their user and tenant', async () => {
      const me = await someone();
      const colleague = await someone(me.tenantId);
      await save(me.token, { name: 'Riêng', state: {} });
      const seen = (userId: string, tenantId: string | null) =>
        inScope(suite.server.db.orm, { tenantId, userId }, async (tx) => {
          const found = await rows(tx, sql`select name from list_views where user_id = ${me.user.id}`);
          return found.length;
        });
      expect(await seen(me.user.id, me.tenantId)).toBe(1);
      expect(await seen(colleague.user.id, me.tenantId)).toBe(0);
      expect(await seen(me.user.id, null)).toBe(0);
    });

    it('is for signed-in users only', async () => {
      expect((await suite.http.get(`${LIST_SETTINGS_PATHS.settings}?list=om/workers`)).status).toBe(401);
    });
  },
);
