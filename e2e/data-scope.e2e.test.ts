import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/axe.ts';
import { pagePerTest } from './support/browser.ts';
import { postAsPage as post, postDataAsPage } from './support/page-api.ts';
import { e2eAccounts } from './support/portal-process.ts';
import { signIn } from './support/portal-page.ts';
import { portalsFor } from './support/engines.ts';

const portals = portalsFor();

describe.each(portals)('employees’ data scope, through the built portal on $engine', ({ baseUrl }) => {
  const tab = pagePerTest(baseUrl);

  it('gives a role “the units they lead”: its holder sees his unit and those below, not the others', async () => {
    const { page } = tab;
    await signIn(page, e2eAccounts.hrAdmin);
    const stamp = Date.now().toString(36).toUpperCase();
    const unit = (code: string, name: string, parentId?: string) =>
      post(page, '/api/om/organization-units', {
        code: `${code}${stamp}`,
        name: `${name} ${stamp}`,
        typeCode: 'PHONG',
        ...(parentId ? { parentId } : {}),
      });
    const sales = await unit('KD', 'Kinh doanh');
    const north = await unit('KDB', 'Kinh doanh miền Bắc', sales);
    const finance = await unit('TC', 'Tài chính');
    const head = await post(page, '/api/om/positions', {
      code: `TPKD${stamp}`,
      name: `Trưởng phòng Kinh doanh ${stamp}`,
      directUnits: [sales],
    });
    const hire = (code: string, fullName: string, organizationUnitId: string, extra = {}) =>
      post(page, '/api/om/workers', {
        code: `${code}${stamp}`,
        fullName: `${fullName} ${stamp}`,
        gender: 'MALE',
        organizationUnitId,
        ...extra,
      });
    const managerId = await hire('A', 'An Trưởng phòng', sales, { jobPositionId: head });
    await hire('B', 'Bình Bán hàng', north);
    const accountantId = await hire('C', 'Chi Kế toán', finance);

    // The role, made on its form with its data scope.
    await page.goto('/setting/role/create');
    await page.getByRole('heading', { level: 1, name: 'Thêm mới vai trò' }).waitFor();
    await page.getByLabel(/^Mã vai trò/).fill(`QL${stamp}`);
    await page.getByLabel(/^Tên vai trò/).fill(`Quản lý đơn vị ${stamp}`);
    await page.getByRole('combobox', { name: /^Phạm vi dữ liệu/ }).click();
    await page.getByRole('option', { name: 'Các đơn vị mình quản lý' }).click();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Quản lý đơn vị ${stamp}` }).waitFor();
    await page.getByText('Các đơn vị mình quản lý', { exact: true }).waitFor();
    const roleId = /\/setting\/role\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    expect(roleId).not.toBe('');

    // Its grants, its holder, and the holder's employee record.
    await postDataAsPage(page, `/api/iam/roles/${roleId}/update-permissions`, {
      permissions: ['worker.view', 'contract.view'],
      version: 1,
    });
    const manager = {
      username: `ql_${stamp.toLowerCase()}`,
      password: 'Ql-Pass#2026',
      fullName: `An ${stamp}`,
    };
    const created = await postDataAsPage<{ user: { id: string } }>(page, '/api/iam/users', {
      username: manager.username,
      fullName: manager.fullName,
      roleIds: [roleId],
      password: manager.password,
      passwordChangeRequired: false,
    });
    const record = await page.evaluate(async (id) => {
      const raw = localStorage.getItem('hcm.tokens') ?? sessionStorage.getItem('hcm.tokens') ?? '{}';
      const { accessToken } = JSON.parse(raw) as { accessToken: string };
      const res = await fetch(`/api/om/workers/${id}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return ((await res.json()) as { data: { version: number } }).data;
    }, managerId);
    await postDataAsPage(page, `/api/om/workers/${managerId}/update`, {
      version: record.version,
      userId: created.user.id,
    });

    // The manager signs in: the employee list holds his unit and the one below, not Finance.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await signIn(page, manager);
    await page.goto(`/om/employee?q=${encodeURIComponent(JSON.stringify({ keyword: stamp }))}`);
    await page.getByRole('heading', { level: 1, name: 'Danh sách nhân viên' }).waitFor();
    const rows = page.getByRole('row');
    await rows.filter({ hasText: `Bình Bán hàng ${stamp}` }).waitFor();
    await expect.poll(() => rows.count()).toBe(3); // the header, An and Bình
    expect(await rows.filter({ hasText: `Chi Kế toán ${stamp}` }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Finance's accountant is not found, even by address.
    await page.goto(`/om/employee/${accountantId}/detail`);
    await page
      .getByText(/Không tìm thấy|không tồn tại/i)
      .first()
      .waitFor();
  });
});
