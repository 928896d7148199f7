import { expect } from '@open-wc/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCodes } from '@hcm/contracts';
import { organizationUnitContract } from '@hcm/contracts/organization';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import {
  FakeResourceApi,
  type FakeResourceReply,
} from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addOrganizationDictionary } from '../testing.ts';
import { MoveUnitDialog } from './MoveUnitDialog.tsx';
import { generatedUnits } from './test-units.ts';
import { buildUnitTree } from './unit-tree.ts';

const BASE = organizationUnitContract.apiPath;
const ALL = ['view', 'update'].map((action) => `organization_unit.${action}`);

/*
 * Issue 27: any refusal of a move is said on the picker in the user's words, by its status and
 * code (a 403 naming the permission by its label), never the server's English message.
 */
describe('moving a unit, refused', () => {
  let api: FakeResourceApi;
  let answer: FakeResourceReply;

  const moveSevenUnderFour = async () => {
    const user = userEvent.setup({ delay: null });
    renderUi(
      <MoveUnitDialog
        tree={buildUnitTree(generatedUnits(20))}
        unitId="u7"
        onClose={() => undefined}
        onMoved={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Chuyển đơn vị Đơn vị 7' });
    await user.type(within(dialog).getByRole('combobox', { name: /^Đơn vị cấp trên mới/ }), 'Đơn vị 4');
    await user.click(await within(dialog).findByRole('option', { name: 'Đơn vị 4 (DV00004)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Chuyển' }));
    return dialog;
  };

  beforeEach(async () => {
    await prepareUi();
    await addOrganizationDictionary();
    api = new FakeResourceApi([organizationUnitContract]).intercept((call) =>
      call.method === 'POST' && call.path === `${BASE}/u7/update` ? answer : null,
    );
    api.seed(organizationUnitContract, 1);
    const stored = api.records(organizationUnitContract)[0];
    if (stored) stored.id = 'u7';
    await api.signInWith(ALL);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('a 403: in Vietnamese, the permission needed by its label', async () => {
    answer = {
      status: 403,
      body: {
        code: ErrorCodes.forbidden,
        message: 'This needs the permission organization_unit.update',
        params: { permissions: ['organization_unit.update'] },
      },
    };
    const dialog = await moveSevenUnderFour();
    await within(dialog).findByText(
      'Không thể chuyển: Bạn không có quyền thực hiện thao tác này. Quyền cần có: Sơ đồ tổ chức (Sửa).',
    );
    expect(within(dialog).queryByText(/needs the permission|organization_unit/)).to.equal(null);
    expect(await accessibilityViolations(dialog)).to.deep.equal([]);
  });

  it('a 409 (someone changed the unit meanwhile): the conflict in Vietnamese', async () => {
    answer = {
      status: 409,
      body: {
        code: ErrorCodes.conflict,
        message: 'The record was changed by someone else (version 2, not 1)',
      },
    };
    const dialog = await moveSevenUnderFour();
    await within(dialog).findByText(
      'Không thể chuyển: Dữ liệu đã được thay đổi hoặc đã tồn tại. Vui lòng tải lại rồi thử lại.',
    );
    expect(within(dialog).queryByText(/changed by someone else/)).to.equal(null);
  });
});
