import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession } from '@hcm/session';
import { tenantContract } from '@hcm/contracts/system';
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
import { UsersRolesPaths, type CreatedTenantContact } from '@hcm/contracts/users-roles';
import type { CreatedTenant, TenantAdministration } from './tenant-api.ts';

const TENANTS = tenantContract.apiPath;
const PACK = { id: '5d0b3c1e-7f0a-4d8e-9c56-0a1b2c3d4e5f', code: 'FULL', name: 'Gói đầy đủ', duration: 12 };

let api: FakeResourceApi;

describe('the tenant pages', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    api = new FakeResourceApi([tenantContract]);
    api.intercept((call) =>
      call.path === '/api/system/service-packs'
        ? { status: 200, body: { data: [PACK], page: { pageIndex: 1, pageSize: 100, total: 1 } } }
        : null,
    );
    await api.signInWith(['tenant.view', 'tenant.create', 'tenant.update']);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('creates a tenant with its administrator and shows the generated password once, with a copy button', async () => {
    const created: CreatedTenant = {
      tenant: { id: '8f8e3a52-4d55-4a0e-8d1d-7b1f4c2e9a10', code: 'CONG_TY_A', name: 'Công ty A' },
      admin: {
        id: '2b9f4a10-6c1d-4f7e-b1a2-3c4d5e6f7a8b',
        username: 'qtv_a',
        fullName: 'Quản Trị A',
        roleCode: 'HR_ADMIN',
      },
      subscription: null,
      handOver: { kind: 'PASSWORD', username: 'qtv_a', password: 'Xy7#kP2q-Lm9@Rt4wZ8!' },
    };
    api.intercept((call) =>
      call.method === 'POST' && call.path === `${TENANTS}/create-with-admin`
        ? { status: 200, body: { data: created } }
        : null,
    );
    const user = userEvent.setup();
    openPath('/system/tenant');
    renderUi(<AdminRouter />);
    await user.click(await screen.findByRole('button', { name: 'Tạo đơn vị thuê bao kèm quản trị viên' }));
    await screen.findByRole('heading', { level: 1, name: 'Tạo đơn vị thuê bao kèm quản trị viên' });
    const page = () => screen.getByRole('article', { name: 'Tạo đơn vị thuê bao kèm quản trị viên' });
    expect(await accessibilityViolations(page())).to.deep.equal([]);

    await user.type(screen.getByRole('textbox', { name: /^Mã\s*\*?$/ }), 'CONG_TY_A');
    await user.type(screen.getByRole('textbox', { name: /^Tên\s*\*?$/ }), 'Công ty A');
    await user.type(screen.getByRole('textbox', { name: /Mã số thuế/ }), '0101234567');
    await user.type(screen.getByRole('textbox', { name: /Tên đăng nhập/ }), 'qtv_a');
    await user.type(screen.getByRole('textbox', { name: /Họ và tên/ }), 'Quản Trị A');
    await user.click(screen.getByRole('combobox', { name: 'Cách bàn giao mật khẩu' }));
    await user.click(await screen.findByRole('option', { name: 'Mật khẩu sinh ngẫu nhiên (hiện một lần)' }));
    await user.click(screen.getByRole('button', { name: 'Tạo' }));

    const secret = await screen.findByDisplayValue(
      created.handOver.kind === 'PASSWORD' ? created.handOver.password : '',
    );
    expect(secret.hasAttribute('readonly')).to.equal(true);
    screen.getByRole('button', { name: 'Sao chép' });
    const sent = api.callsTo('POST', `${TENANTS}/create-with-admin`)[0]?.body as Record<string, unknown>;
    expect(sent).to.deep.include({
      code: 'CONG_TY_A',
      name: 'Công ty A',
      taxCode: '0101234567',
      handOver: 'PASSWORD',
    });
    expect(sent.admin).to.deep.equal({ username: 'qtv_a', fullName: 'Quản Trị A' });
    expect(await accessibilityViolations(page())).to.deep.equal([]);
  });

  it("shows a tenant's subscriptions under its detail and suspends it with a reason", async () => {
    const [record] = api.seed(tenantContract, 1);
    const id = String(record?.id);
    let state: TenantAdministration = {
      id,
      status: 'ACTIVE',
      suspendedAt: null,
      suspensionReason: null,
      version: 1,
      subscriptions: [
        {
          id: 'a1b2c3d4-0000-4000-8000-000000000001',
          servicePackId: PACK.id,
          servicePackCode: PACK.code,
          servicePackName: PACK.name,
          startsAt: '2026-01-01T00:00:00.000Z',
          endsAt: '2027-01-01T00:00:00.000Z',
          current: true,
        },
      ],
    };
    api.intercept((call) => {
      if (call.path === `${TENANTS}/${id}/administration`) return { status: 200, body: { data: state } };
      if (call.method === 'POST' && call.path === `${TENANTS}/${id}/suspend`) {
        state = {
          ...state,
          status: 'SUSPENDED',
          suspendedAt: '2026-11-23T02:00:00.000Z',
          suspensionReason: 'Chưa thanh toán',
        };
        return { status: 200, body: { data: state } };
      }
      return null;
    });
    const user = userEvent.setup();
    openPath(`/system/tenant/${id}/detail`);
    renderUi(<AdminRouter />);
    const panel = await screen.findByRole('region', { name: 'Trạng thái và gói dịch vụ' });
    await within(panel).findByRole('row', { name: /FULL — Gói đầy đủ/ });
    expect(await accessibilityViolations(panel)).to.deep.equal([]);

    const suspend = within(panel).getByRole('button', { name: 'Tạm ngừng' });
    expect(suspend.hasAttribute('disabled')).to.equal(true);
    await user.type(within(panel).getByRole('textbox', { name: /Lý do/ }), 'Chưa thanh toán');
    await user.click(suspend);
    await within(panel).findByRole('button', { name: 'Cho hoạt động lại' });
    expect(api.callsTo('POST', `${TENANTS}/${id}/suspend`)[0]?.body).to.deep.equal({
      reason: 'Chưa thanh toán',
    });
    await waitFor(() => within(panel).getByText(/Chưa thanh toán/));
  });
  it('adds a contact to a tenant from its detail and shows the set-password link once', async () => {
    const [record] = api.seed(tenantContract, 1);
    const id = String(record?.id);
    const state: TenantAdministration = {
      id,
      status: 'ACTIVE',
      suspendedAt: null,
      suspensionReason: null,
      version: 1,
      subscriptions: [],
    };
    const answer: CreatedTenantContact = {
      user: {
        id: '0e6c2b7a-5d4f-4e3a-9b2c-1d0e9f8a7b6c',
        tenantId: id,
        username: 'lienhe_b',
        fullName: 'Đỗ Thị B',
        email: 'b@congty.vn',
        phone: null,
        roleCode: 'HR_ADMIN',
      },
      handOver: {
        kind: 'LINK',
        username: 'lienhe_b',
        link: '/set-password?token=one-time-token-0123456789',
        expiresAt: '2026-11-26T02:00:00.000Z',
      },
    };
    let attempts = 0;
    api.intercept((call) => {
      if (call.path === `${TENANTS}/${id}/administration`) return { status: 200, body: { data: state } };
      if (call.method === 'POST' && call.path === UsersRolesPaths.users.tenantContact) {
        attempts += 1;
        // The first try takes a name someone has: the field says so.
        return attempts === 1
          ? {
              status: 409,
              body: {
                code: 'CONFLICT',
                message: 'The user name lienhe_a is taken',
                errors: [{ field: 'username', code: 'error.invalidValue', message: 'is already taken' }],
              },
            }
          : { status: 200, body: { data: answer } };
      }
      return null;
    });
    const user = userEvent.setup();
    openPath(`/system/tenant/${id}/detail`);
    renderUi(<AdminRouter />);
    const panel = await screen.findByRole('region', { name: 'Trạng thái và gói dịch vụ' });
    await user.click(await within(panel).findByRole('button', { name: 'Thêm người liên hệ' }));
    const form = within(panel).getByRole('form', { name: 'Thêm người liên hệ' });
    expect(await accessibilityViolations(panel)).to.deep.equal([]);
    const username = within(form).getByRole('textbox', { name: /Tên đăng nhập/ });
    await user.type(username, 'lienhe_a');
    await user.type(within(form).getByRole('textbox', { name: /Họ và tên/ }), 'Đỗ Thị B');
    await user.type(within(form).getByRole('textbox', { name: /Email/ }), 'b@congty.vn');
    await user.click(within(form).getByRole('button', { name: 'Thêm' }));
    // on the field, in Vietnamese (a 409's refused value is one another record has)
    await within(form).findByText('Tên đăng nhập đã được sử dụng.');
    expect(within(form).queryByText(/is already taken|lienhe_a is taken/)).to.equal(null);
    await user.clear(username);
    await user.type(username, 'lienhe_b');
    await user.click(within(form).getByRole('button', { name: 'Thêm' }));

    const link = await within(panel).findByDisplayValue(
      `${window.location.origin}/set-password?token=one-time-token-0123456789`,
    );
    expect(link.hasAttribute('readonly')).to.equal(true);
    expect(api.callsTo('POST', UsersRolesPaths.users.tenantContact)[1]?.body).to.deep.equal({
      tenantId: id,
      username: 'lienhe_b',
      fullName: 'Đỗ Thị B',
      email: 'b@congty.vn',
    });
    expect(await accessibilityViolations(panel)).to.deep.equal([]);
    // Once closed, the link is gone from the page for good.
    await user.click(within(panel).getByRole('button', { name: 'Đã gửi liên kết, đóng' }));
    expect(within(panel).queryByDisplayValue(/one-time-token/)).to.equal(null);
    within(panel).getByRole('button', { name: 'Thêm người liên hệ' });
  });
});
