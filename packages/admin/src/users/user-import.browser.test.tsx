import { expect } from '@open-wc/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { UsersRolesPaths } from '@hcm/contracts/users-roles';
import { clearSession } from '@hcm/session';
import { dismissAllToasts } from '@hcm/ui';
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
import { USER_ROUTE } from './user-route.ts';

/*
 * Issue 27: a users' workbook the server refuses is said in Vietnamese by its key, never with
 * the server's English message (the page used to throw it as an Error and toast its text).
 */
describe('importing users, a refused file', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(ADMIN_APP, 'admin');
    const api = new FakeResourceApi([]).intercept((call) => {
      if (call.method === 'GET' && call.path === UsersRolesPaths.users.search)
        return { status: 200, body: { data: [], page: { pageIndex: 1, pageSize: 25, total: 0 } } };
      if (call.method === 'POST' && call.path === UsersRolesPaths.users.import)
        return {
          status: 400,
          body: {
            code: ErrorCodes.validation,
            message: 'The file cannot be imported: the columns Tên đăng nhập are missing: use the template',
            errors: [
              {
                field: 'file',
                code: FieldErrorKeys.required,
                message: 'the columns Tên đăng nhập are missing: use the template',
              },
            ],
          },
        };
      return null;
    });
    await api.signInWith(['user.view', 'user.create']);
  });
  afterEach(async () => {
    await dismissAllToasts();
    await resetUi();
    clearSession();
  });

  it('toasts why in Vietnamese', async () => {
    const user = userEvent.setup({ delay: null });
    openPath(USER_ROUTE);
    renderUi(<AdminRouter />);
    await user.upload(await screen.findByLabelText('Nhập từ Excel'), new File(['x'], 'nguoi-dung.xlsx'));
    await screen.findByText(
      'File chưa đủ để nhập: thiếu cột bắt buộc hoặc chưa có dòng dữ liệu nào. Vui lòng dùng file mẫu.',
    );
    expect(screen.queryByText(/cannot be imported|use the template/)).to.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});
