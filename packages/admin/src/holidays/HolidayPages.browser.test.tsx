import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { categoryContracts } from '@hcm/contracts/categories';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import HolidayPages from './HolidayPages.tsx';

const contract = categoryContracts.find((candidate) => candidate.permission === 'holiday');
if (!contract) throw new Error('the categories have the holiday calendar');
const BASE = contract.apiPath;
const GENERATE = `${BASE}/generate-year`;
const VIEW = ['holiday.view'];
const ALL = ['view', 'create', 'update', 'delete', 'export'].map((action) => `holiday.${action}`);

let api: FakeResourceApi;

async function openList(permissions: readonly string[]) {
  await api.signInWith(permissions);
  window.history.pushState(null, '', contract?.route ?? '/');
  renderUi(<HolidayPages />);
  await screen.findByRole('heading', { name: 'Ngày lễ' });
}

describe('the holiday calendar: adding the statutory days of a year', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract]);
    api.seed(contract, 2);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('sends the year typed, says what was added and kept, and reads the list again', async () => {
    api.intercept((call) =>
      call.method === 'POST' && call.path === GENERATE
        ? {
            status: 200,
            body: {
              data: {
                year: 2027,
                created: [
                  {
                    id: 'x',
                    code: 'NEW_YEAR_2027',
                    startDate: '2027-01-01',
                    endDate: '2027-01-01',
                    kind: 'PUBLIC_HOLIDAY',
                  },
                ],
                skipped: [
                  {
                    code: 'HUNG_KINGS_2027',
                    startDate: '2027-04-16',
                    endDate: '2027-04-16',
                    reason: 'CODE_EXISTS',
                  },
                ],
              },
            },
          }
        : null,
    );
    await openList(ALL);
    const reads = api.callsTo('GET', BASE).length;
    const user = userEvent.setup();
    const year = screen.getByRole('spinbutton', { name: 'Năm' });
    await user.clear(year);
    await user.type(year, '2027');
    await user.click(screen.getByRole('button', { name: 'Tạo ngày lễ theo luật' }));
    await screen.findByText('Năm 2027: đã thêm 1 ngày, giữ nguyên 1 ngày đã có');
    expect(api.callsTo('POST', GENERATE).map((call) => call.body)).to.deep.equal([
      { year: 2027, nationalDayNeighbour: 'BEFORE' },
    ]);
    await waitFor(() => expect(api.callsTo('GET', BASE).length).to.be.greaterThan(reads));
  });

  it('sends 3 September beside National Day when chosen', async () => {
    api.intercept((call) =>
      call.method === 'POST' && call.path === GENERATE
        ? { status: 200, body: { data: { year: 2028, created: [], skipped: [] } } }
        : null,
    );
    await openList(ALL);
    const user = userEvent.setup();
    const year = screen.getByRole('spinbutton', { name: 'Năm' });
    await user.clear(year);
    await user.type(year, '2028');
    await user.click(screen.getByRole('combobox', { name: 'Nghỉ liền kề Quốc khánh' }));
    await user.click(await screen.findByRole('option', { name: 'Ngày 03/09' }));
    await user.click(screen.getByRole('button', { name: 'Tạo ngày lễ theo luật' }));
    await screen.findByText('Năm 2028: đã thêm 0 ngày, giữ nguyên 0 ngày đã có');
    expect(api.callsTo('POST', GENERATE).map((call) => call.body)).to.deep.equal([
      { year: 2028, nationalDayNeighbour: 'AFTER' },
    ]);
  });

  it('says which years it takes, before asking and when the server refuses', async () => {
    api.intercept((call) =>
      call.method === 'POST' && call.path === GENERATE
        ? {
            status: 400,
            body: {
              code: ErrorCodes.validation,
              message: 'The request is not valid',
              errors: [{ field: 'year', code: FieldErrorKeys.max, message: 'must be <= 2199' }],
            },
          }
        : null,
    );
    await openList(ALL);
    const user = userEvent.setup();
    const year = screen.getByRole('spinbutton', { name: 'Năm' });
    await user.clear(year);
    await user.type(year, '1900');
    await user.click(screen.getByRole('button', { name: 'Tạo ngày lễ theo luật' }));
    await screen.findByText('Nhập một năm từ 1968 đến 2199');
    expect(api.callsTo('POST', GENERATE)).to.have.length(0);
    // a year the browser lets through and the server refuses is said the same way
    await user.clear(year);
    await user.type(year, '2100');
    await user.click(screen.getByRole('button', { name: 'Tạo ngày lễ theo luật' }));
    await waitFor(() => expect(api.callsTo('POST', GENERATE)).to.have.length(1));
    await screen.findByText('Nhập một năm từ 1968 đến 2199');
    // the list with the control and its message
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('is not offered to a reader', async () => {
    await openList(VIEW);
    expect(screen.queryByRole('button', { name: 'Tạo ngày lễ theo luật' })).to.equal(null);
  });
});
