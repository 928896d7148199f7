import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { positionCoefficientContract, type SalaryScaleRow } from '@hcm/contracts/position-coefficients';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import PositionCoefficientPages from './PositionCoefficientPages.tsx';

const contract = positionCoefficientContract;
const BASE = contract.apiPath;
const ID = '00000000-0000-4000-8000-000000000088';
const ENGINEER = '00000000-0000-4000-8000-0000000000e1';
const GRADES: SalaryScaleRow[] = [
  { salaryGradeId: ENGINEER, code: 'KY_SU', name: 'Kỹ sư', scales: ['1', '2', '3'] },
];
const ALL = ['view', 'create', 'update', 'delete', 'export'].map(
  (action) => `position_coefficient.${action}`,
);
const row = (coefficient1: string) => ({
  salaryGradeId: ENGINEER,
  coefficient1,
  coefficient2: null,
  coefficient3: null,
  coefficient4: null,
  coefficient5: null,
});
const xlsx = () =>
  new File(['PK…'], 'he-so.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

let api: FakeResourceApi;

async function openDetail() {
  await api.signInWith(ALL);
  window.history.pushState(null, '', `${contract.route}/${ID}/detail`);
  renderUi(<PositionCoefficientPages />);
  return screen.findByRole('table', { name: 'Hệ số theo ngạch bậc' });
}

describe("importing a table's coefficient matrix", () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract]).intercept((call) =>
      call.path === `${BASE}/salary-scales` ? { status: 200, body: { data: GRADES } } : null,
    );
    api.records(contract).push({
      id: ID,
      version: 1,
      name: 'Bảng hệ số 2026',
      effectiveDate: '2026-01-01',
      baseSalary: '2340000',
      note: null,
      status: 'ACTIVE',
      salaryGrades: [row('2.340')],
      createdAt: '2026-01-01T00:00:00.000Z',
      createdBy: null,
      lastModifiedAt: '2026-01-01T00:00:00.000Z',
      lastModifiedBy: null,
    });
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('sends the chosen workbook and shows the new matrix', async () => {
    api.intercept((call) => {
      if (call.method !== 'POST' || call.path !== `${BASE}/${ID}/import-matrix`) return null;
      const [stored] = api.records(contract);
      if (stored) Object.assign(stored, { version: 2, salaryGrades: [row('3.150')] });
      return { status: 200, body: { data: stored } };
    });
    const table = await openDetail();
    expect(within(table).getAllByRole('cell')[0]?.textContent).to.equal('2,34');
    screen.getByRole('button', { name: 'Nhập ma trận hệ số' });
    await userEvent.setup().upload(screen.getByLabelText('Nhập ma trận hệ số'), xlsx());

    await screen.findByText('Đã nhập ma trận hệ số từ he-so.xlsx');
    const sent = api.callsTo('POST', `${BASE}/${ID}/import-matrix`)[0]?.body as FormData;
    expect((sent.get('file') as File).name).to.equal('he-so.xlsx');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Hệ số theo ngạch bậc' })).getAllByRole('cell')[0]
          ?.textContent,
      ).to.equal('3,15'),
    );
  });

  it("lists the server's problems by row and column in Vietnamese, and the matrix stays as it was", async () => {
    api.intercept((call) =>
      call.method === 'POST' && call.path === `${BASE}/${ID}/import-matrix`
        ? {
            status: 400,
            body: {
              code: ErrorCodes.validation,
              message: 'The matrix cannot be imported (2 problems; nothing was changed)',
              errors: [
                {
                  field: 'file',
                  code: FieldErrorKeys.invalidValue,
                  message: 'row 3, column A (Mã ngạch): no salary grade of this tenant has the code "X"',
                  params: { row: 3, column: 'A', header: 'Mã ngạch', problem: 'gradeUnknown', grade: 'X' },
                },
                {
                  field: 'file',
                  code: FieldErrorKeys.invalidValue,
                  message: 'row 4, column D (Bậc 2): 100 is more than 99.999',
                  params: {
                    row: 4,
                    column: 'D',
                    header: 'Bậc 2',
                    problem: 'tooLarge',
                    value: 100,
                    max: 99.999,
                  },
                },
                // a problem of the sheet reader, named only by its key
                { field: 'file', code: FieldErrorKeys.invalidValue, message: 'cell H2 is beyond column G' },
              ],
            },
          }
        : null,
    );
    const table = await openDetail();
    await userEvent.setup().upload(screen.getByLabelText('Nhập ma trận hệ số'), xlsx());
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Không nhập được ma trận hệ số, bảng chưa thay đổi gì.');
    within(alert).getByText('Dòng 3, cột A (Mã ngạch): không có ngạch lương nào mã "X".');
    within(alert).getByText('Dòng 4, cột D (Bậc 2): hệ số không được quá 99,999 (hiện là 100).');
    within(alert).getByText(/^Không đọc được file/);
    expect(alert.textContent).to.not.match(/nothing was changed|is more than|beyond column/);
    expect(within(table).getAllByRole('cell')[0]?.textContent).to.equal('2,34');
    // The page (toasts of the test before may still be fading out: not this page's).
    const page = screen.getByRole('article', { name: 'Bảng hệ số lương chức vụ' });
    expect(await accessibilityViolations(page)).to.deep.equal([]);
  });
});
