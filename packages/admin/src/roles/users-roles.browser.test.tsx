import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PermissionResources, permissionCodesForLevel, type PermissionResource } from '@hcm/contracts';
import {
  UsersRolesPaths,
  permissionMatrixOf,
  type AdminRoleDetail,
  type AdminUser,
} from '@hcm/contracts/users-roles';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import {
  loadAppTexts,
  openPath,
  prepareUi,
  renderUi,
  resetUi,
} from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { AdminRouter } from '../AdminRouter.tsx';
import { ADMIN_APP } from '../admin-i18n.ts';

const ROLE: AdminRoleDetail = {
  id: '5f0b3c1e-2d4a-4b6c-8e9f-0a1b2c3d4e5f',
  code: 'KE_TOAN',
  name: 'Kế toán',
  description: null,
  status: 'ACTIVE',
  dataScope: 'TENANT',
  builtIn: false,
  userCount: 2,
  version: 3,
  createdAt: '2026-11-22T08:00:00.000Z',
  lastModifiedAt: '2026-11-22T08:00:00.000Z',
  permissions: ['bank.view'],
};
const CREATED: AdminUser = {
  id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  username: 'nguyen.van.a',
  fullName: 'Nguyễn Văn A',
  email: null,
  phone: null,
  status: 'ACTIVE',
  userLevel: 'TENANT',
  isRoot: false,
  roles: [{ id: ROLE.id, code: ROLE.code, name: ROLE.name }],
  lastLoginAt: null,
  createdAt: '2026-11-22T08:00:00.000Z',
  lastModifiedAt: '2026-11-22T08:00:00.000Z',
  version: 1,
};
const ROLE_PATH = `/api/iam/roles/${ROLE.id}`;

let api: FakeResourceApi;
/** what GET of the role answers (a test may show another role under the same id) */
let shownRole: AdminRoleDetail = ROLE;

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('the users and roles pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    shownRole = ROLE;
    api = new FakeResourceApi([]);
    api.intercept((call) => {
      if (call.path === UsersRolesPaths.roles.properties)
        return { status: 200, body: { data: permissionMatrixOf('TENANT') } };
      if (call.path === UsersRolesPaths.roles.fullAutoComplete)
        return { status: 200, body: { data: [{ id: ROLE.id, code: ROLE.code, name: ROLE.name }] } };
      if (call.method === 'GET' && call.path === ROLE_PATH) return { status: 200, body: { data: shownRole } };
      if (call.path === `${ROLE_PATH}/update-permissions`) {
        const sent = call.body as { permissions: string[]; version: number };
        return { status: 200, body: { data: { ...ROLE, permissions: sent.permissions, version: 4 } } };
      }
      if (call.method === 'POST' && call.path === UsersRolesPaths.users.create)
        return { status: 200, body: { data: { user: CREATED, generatedPassword: 'Xy7#kPq2-Lm9!Rt4' } } };
      return null;
    });
    // the tenant's administrator, who holds every right and so may grant any of them
    await api.signInWith(permissionCodesForLevel('TENANT'));
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('edits a role’s matrix: a cell, a whole module, folding, the unsaved warning and the saved set', async () => {
    const user = userEvent.setup();
    openPath(`/setting/role/${ROLE.id}/detail`);
    renderUi(<AdminRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Kế toán' });
    await screen.findByRole('table', { name: 'Ma trận phân quyền' });
    expect(checkbox('Ngân hàng: Xem').checked).to.equal(true);
    // no approval cells where the resource is not approvable, and no tenant-level-foreign rows
    expect(screen.queryByRole('checkbox', { name: 'Chức danh: Phê duyệt' })).to.equal(null);
    expect(screen.getByRole('checkbox', { name: 'Hợp đồng: Phê duyệt' })).to.not.equal(null);
    expect(screen.queryByRole('checkbox', { name: /^Khách hàng \(tenant\)/ })).to.equal(null);
    expect(screen.queryByText('Có thay đổi chưa lưu.')).to.equal(null);

    await user.click(checkbox('Chức danh: Xem'));
    await screen.findByText('Có thay đổi chưa lưu.');
    await user.click(checkbox('Chức danh: Xem'));
    await waitFor(() => expect(screen.queryByText('Có thay đổi chưa lưu.')).to.equal(null));

    // The keyboard reaches a cell and Space toggles it.
    checkbox('Chức danh: Sửa').focus();
    await user.keyboard(' ');
    expect(checkbox('Chức danh: Sửa').checked).to.equal(true);

    await user.click(checkbox('Tất cả quyền của Tổ chức và nhân sự'));
    const om = (Object.keys(PermissionResources) as PermissionResource[]).filter(
      (r) =>
        PermissionResources[r].module === 'OM' && PermissionResources[r].levels.includes('TENANT' as never),
    );
    expect(checkbox('Hợp đồng: Hủy gửi duyệt').checked).to.equal(true);
    expect(checkbox('Tất cả quyền của Chức danh').checked).to.equal(true);

    const fold = screen.getByRole('button', { name: /Tổ chức và nhân sự/ });
    expect(fold.getAttribute('aria-expanded')).to.equal('true');
    await user.click(fold);
    expect(fold.getAttribute('aria-expanded')).to.equal('false');
    expect(screen.queryByRole('checkbox', { name: 'Chức danh: Xem' })).to.equal(null);
    await user.click(fold);

    await user.click(screen.getByRole('searchbox', { name: 'Tìm chức năng' }));
    await user.paste('ngân hàng');
    expect(screen.queryByRole('checkbox', { name: 'Chức danh: Xem' })).to.equal(null);
    expect(checkbox('Ngân hàng: Xem').checked).to.equal(true);

    await user.click(screen.getByRole('button', { name: 'Lưu phân quyền' }));
    await waitFor(() => expect(api.callsTo('POST', `${ROLE_PATH}/update-permissions`)).to.have.length(1));
    const sent = api.callsTo('POST', `${ROLE_PATH}/update-permissions`)[0]?.body as {
      permissions: string[];
      version: number;
    };
    expect(sent.version).to.equal(3);
    expect(sent.permissions).to.deep.equal([...sent.permissions].sort());
    expect(sent.permissions).to.include('bank.view');
    expect(sent.permissions).to.include('contract.approve');
    for (const resource of om) expect(sent.permissions).to.include(`${resource}.view`);
    await waitFor(() => expect(screen.queryByText('Có thay đổi chưa lưu.')).to.equal(null));
    expect(await accessibilityViolations(screen.getByRole('region', { name: 'Kế toán' }))).to.deep.equal([]);
  });

  it('lets a delegated administrator grant only what it holds, and not touch a role holding more', async () => {
    clearSession();
    await api.signInWith(['role.view', 'role.update', 'bank.view', 'job_title.view']);
    // no pause between keystrokes: under CI's load this test came near mocha's 10 s
    const user = userEvent.setup({ delay: null });
    openPath(`/setting/role/${ROLE.id}/detail`);
    renderUi(<AdminRouter />);
    await screen.findByRole('table', { name: 'Ma trận phân quyền' });
    screen.getByText('Các ô mờ là quyền bạn không có: bạn chỉ trao được những quyền bạn đang có.');
    expect(checkbox('Chức danh: Xem').disabled).to.equal(false);
    expect(checkbox('Chức danh: Sửa').disabled).to.equal(true);
    expect(checkbox('Hợp đồng: Phê duyệt').disabled).to.equal(true);
    // "all" gives what it may: job titles' view, nothing it does not hold
    await user.click(checkbox('Tất cả quyền của Chức danh'));
    expect(checkbox('Chức danh: Xem').checked).to.equal(true);
    expect(checkbox('Chức danh: Sửa').checked).to.equal(false);
    expect(await accessibilityViolations(screen.getByRole('region', { name: 'Kế toán' }))).to.deep.equal([]);
    await resetUi();

    // a role holding a right the administrator lacks is out of its hands
    shownRole = { ...ROLE, permissions: ['bank.view', 'contract.approve'] };
    openPath(`/setting/role/${ROLE.id}/detail`);
    renderUi(<AdminRouter />);
    await screen.findByText(/Vai trò này có quyền mà bạn không có/);
    await screen.findByRole('table', { name: 'Ma trận phân quyền' });
    expect(checkbox('Ngân hàng: Xem').disabled).to.equal(true);
    expect(screen.queryByRole('button', { name: 'Lưu phân quyền' })).to.equal(null);
    expect(screen.queryByRole('button', { name: 'Sửa thông tin' })).to.equal(null);
    expect(await accessibilityViolations(screen.getByRole('region', { name: 'Kế toán' }))).to.deep.equal([]);
  });

  it('creates a user: checks the fields first, sends the roles, and shows the generated password once', async () => {
    const user = userEvent.setup();
    openPath('/setting/user/create');
    renderUi(<AdminRouter />);
    await screen.findByRole('heading', { level: 1, name: 'Thêm mới người dùng' });
    const page = () => screen.getByRole('region', { name: 'Thêm mới người dùng' });
    expect(await accessibilityViolations(page())).to.deep.equal([]);

    await user.type(screen.getByRole('textbox', { name: /Tên đăng nhập/ }), 'có dấu');
    await user.type(screen.getByRole('textbox', { name: /Số điện thoại/ }), '12');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Tên đăng nhập/ }).getAttribute('aria-invalid')).to.equal(
        'true',
      ),
    );
    expect(api.callsTo('POST', UsersRolesPaths.users.create)).to.have.length(0);

    await user.clear(screen.getByRole('textbox', { name: /Tên đăng nhập/ }));
    await user.type(screen.getByRole('textbox', { name: /Tên đăng nhập/ }), 'nguyen.van.a');
    await user.clear(screen.getByRole('textbox', { name: /Số điện thoại/ }));
    await user.type(screen.getByRole('textbox', { name: /Họ và tên/ }), 'Nguyễn Văn A');
    await waitFor(() => expect(api.callsTo('GET', UsersRolesPaths.roles.fullAutoComplete)).to.have.length(1));
    await user.click(screen.getByRole('combobox', { name: 'Vai trò' }));
    // a multiselect's options are checkable menu items
    await user.click(await screen.findByRole('menuitemcheckbox', { name: /Kế toán/ }));
    await user.keyboard('{Escape}');
    // The administrator knows the password: by default the user must choose their own.
    const mustChange = screen.getByRole('checkbox', {
      name: 'Bắt buộc người dùng đổi mật khẩu khi đăng nhập lần đầu',
    }) as HTMLInputElement;
    expect(mustChange.checked).to.equal(true);
    await user.click(screen.getByRole('button', { name: 'Lưu' }));

    await waitFor(() => expect(api.callsTo('POST', UsersRolesPaths.users.create)).to.have.length(1));
    expect(api.callsTo('POST', UsersRolesPaths.users.create)[0]?.body).to.deep.equal({
      username: 'nguyen.van.a',
      fullName: 'Nguyễn Văn A',
      email: null,
      phone: null,
      roleIds: [ROLE.id],
      passwordChangeRequired: true,
    });
    const shown = await screen.findByDisplayValue('Xy7#kPq2-Lm9!Rt4');
    expect(shown.hasAttribute('readonly')).to.equal(true);
    screen.getByText(/chỉ hiển thị một lần.*phải đổi mật khẩu này khi đăng nhập lần đầu/);
    expect(await accessibilityViolations(page())).to.deep.equal([]);
  });
});
