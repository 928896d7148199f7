import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConflictReasons, ErrorCodes } from '@hcm/contracts';
import { contractRenewPath, laborContractContract } from '@hcm/contracts/labor-contracts';
import { clearSession } from '@hcm/session';
import { resourceRoutes } from '@hcm/ui';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addOrganizationDictionary } from '../testing.ts';
import { RenewContractButton } from './RenewContractButton.tsx';

const current = { id: 'c-1', number: '1/2026/HĐLĐ', expiryDate: '2026-12-31', parentContractId: null };
let api: FakeResourceApi;

describe('renewing a labour contract', () => {
  beforeEach(async () => {
    await prepareUi();
    await addOrganizationDictionary();
    api = new FakeResourceApi([laborContractContract]);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('makes the next contract’s draft and opens its form', async () => {
    await api.signInWith(['contract.view', 'contract.create']);
    api.intercept((call) =>
      call.method === 'POST' && call.path === contractRenewPath(current.id)
        ? { status: 200, body: { data: { id: 'c-2', number: '2/2026/HĐLĐ' } } }
        : null,
    );
    renderUi(<RenewContractButton record={current} />);
    const renew = await screen.findByRole('button', { name: 'Gia hạn' });
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
    await userEvent.setup({ delay: null }).click(renew);
    await waitFor(() =>
      expect(window.location.pathname).to.equal(resourceRoutes(laborContractContract).update('c-2')),
    );
    await screen.findByText('Đã tạo bản nháp hợp đồng tiếp theo 2/2026/HĐLĐ: kiểm tra rồi gửi duyệt.');
  });

  it('stays on the contract when it was already renewed, the button ready again', async () => {
    await api.signInWith(['contract.view', 'contract.create']);
    const before = window.location.pathname;
    api.intercept((call) =>
      call.method === 'POST' && call.path === contractRenewPath(current.id)
        ? {
            status: 409,
            body: {
              code: ErrorCodes.conflict,
              message: 'Already followed by contract 2/2026/HĐLĐ',
              params: { reason: ConflictReasons.alreadyRenewed, number: '2/2026/HĐLĐ' },
            },
          }
        : null,
    );
    renderUi(<RenewContractButton record={current} />);
    const renew = await screen.findByRole('button', { name: 'Gia hạn' });
    await userEvent.setup({ delay: null }).click(renew);
    await waitFor(() => expect(api.callsTo('POST', contractRenewPath(current.id))).to.have.length(1));
    await waitFor(() => expect((renew as HTMLButtonElement).disabled).to.equal(false));
    expect(window.location.pathname).to.equal(before);
  });

  it('is not offered on an annex, a contract without an end, or to who may not create contracts', async () => {
    await api.signInWith(['contract.view']);
    const { unmount } = renderUi(<RenewContractButton record={current} />);
    expect(screen.queryByRole('button', { name: 'Gia hạn' })).to.equal(null);
    unmount();
    await api.signInWith(['contract.view', 'contract.create']);
    renderUi(<RenewContractButton record={{ ...current, parentContractId: 'c-0' }} />);
    renderUi(<RenewContractButton record={{ ...current, expiryDate: null }} />);
    expect(screen.queryByRole('button', { name: 'Gia hạn' })).to.equal(null);
  });
});
