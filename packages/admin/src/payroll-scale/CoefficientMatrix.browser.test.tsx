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
import { matrixDownloads } from './position-coefficient-api.ts';

const contract = positionCoefficientContract;
const BASE = contract.apiPath;
const ROUTE = contract.route;
const ENGINEER = '00000000-0000-4000-8000-0000000000e1';
const TECHNICIAN = '00000000-0000-4000-8000-0000000000e2';
const GRADES: SalaryScaleRow[] = [
  { salaryGradeId: ENGINEER, code: 'KY_SU', name: 'Kỹ sư', scales: ['1', '2', '3'] },
  { salaryGradeId: TECHNICIAN, code: 'KY_THUAT', name: 'Kỹ thuật viên', scales: ['1', '5'] },
];
const ALL = ['view', 'create', 'update', 'delete', 'export'].map(
  (action) => `position_coefficient.${action}`,
);
const emptyRow = {
  coefficient1: null,
  coefficient2: null,
  coefficient3: null,
  coefficient4: null,
  coefficient5: null,
};

let api: FakeResourceApi;
/** the tables the fake's find-all-by-effective-date answers, by date */
let latest: { date: string; salaryGrades: unknown[] } | null;

const matrix = () => within(screen.getByRole('group', { name: 'Hệ số theo ngạch bậc' }));
/** The grid's cell of a grade (its row header) and a step (column 1 is the grade). */
function cell(grade: string, step: number): HTMLElement {
  const row = matrix().getByRole('rowheader', { name: grade }).closest('[role="row"]');
  const found = row?.querySelector<HTMLElement>(`[aria-colindex="${step + 1}"]`);
  if (!found) throw new Error(`no cell ${grade} / ${step}`);
  return found;
}
/** The input of the cell being edited. */
const editor = (grade: string, step: number) =>
  matrix().getByRole('textbox', { name: `${grade} – Bậc ${step}` }) as HTMLInputElement;

async function open(path: string) {
  await api.signInWith(ALL);
  window.history.pushState(null, '', path);
  renderUi(<PositionCoefficientPages />);
  await screen.findByRole('group', { name: 'Hệ số theo ngạch bậc' });
  // the grid is a chunk of the kit's own
  await matrix().findByRole('grid');
  await matrix().findByRole('rowheader', { name: 'Kỹ sư' });
}

async function fillHeader(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^Tên/ }), 'Bảng hệ số 2027');
  await user.type(screen.getByRole('textbox', { name: /^Ngày hiệu lực/ }), '01012027');
  await user.type(screen.getByRole('textbox', { name: /^Lương cơ sở/ }), '2530000');
}

describe('the position salary coefficient matrix', () => {
  beforeEach(async () => {
    await prepareUi();
    latest = null;
    api = new FakeResourceApi([contract]).intercept((call) => {
      if (call.path === `${BASE}/salary-scales`) return { status: 200, body: { data: GRADES } };
      if (call.path === `${BASE}/latest-effective-date`)
        return { status: 200, body: { data: latest?.date ?? null } };
      if (call.path === `${BASE}/find-all-by-effective-date`)
        return {
          status: 200,
          body: {
            data:
              latest && (call.body as { effectiveDate: string }).effectiveDate === latest.date
                ? [{ id: 'old', effectiveDate: latest.date, salaryGrades: latest.salaryGrades }]
                : [],
          },
        };
      return null;
    });
  });
  afterEach(async () => {
    // puts the test page's own address back (the runner reports through it)
    await resetUi();
    clearSession();
  });

  it('draws grades as rows and steps as columns, a cell disabled where the grade has no such step', async () => {
    await open(`${ROUTE}/create`);
    const disabled = (grade: string, step: number) =>
      cell(grade, step).getAttribute('aria-disabled') === 'true';
    expect(disabled('Kỹ sư', 1)).to.equal(false);
    expect(disabled('Kỹ sư', 3)).to.equal(false);
    expect(disabled('Kỹ sư', 4)).to.equal(true);
    expect(disabled('Kỹ sư', 5)).to.equal(true);
    expect(disabled('Kỹ thuật viên', 2)).to.equal(true);
    expect(disabled('Kỹ thuật viên', 5)).to.equal(false);
    // a grey cell says why, to the eye and to screen readers
    expect(cell('Kỹ sư', 4).textContent).to.equal('Ngạch không có bậc này');
    expect(
      matrix()
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).to.deep.equal(['Ngạch lương', 'Bậc 1', 'Bậc 2', 'Bậc 3', 'Bậc 4', 'Bậc 5']);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('takes coefficients with a comma, moves between cells by keys, and sends a row per grade with a value', async () => {
    const user = userEvent.setup();
    await open(`${ROUTE}/create`);
    await fillHeader(user);
    await user.type(cell('Kỹ sư', 1), '2,34');
    // Enter and the arrows move like a spreadsheet, through grey cells too (a screen reader reads them)
    await user.keyboard('{Enter}');
    expect(document.activeElement).to.equal(cell('Kỹ thuật viên', 1));
    await user.keyboard('1,86{ArrowRight}');
    expect(document.activeElement).to.equal(cell('Kỹ thuật viên', 2));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement).to.equal(cell('Kỹ thuật viên', 5));
    await user.keyboard('2,5{ArrowUp}');
    expect(document.activeElement).to.equal(cell('Kỹ sư', 5));
    // a grey cell takes nothing
    await user.keyboard('7');
    expect(matrix().queryByRole('textbox')).to.equal(null);
    await user.type(cell('Kỹ sư', 2), '2,67');
    expect(cell('Kỹ sư', 1).textContent).to.equal('2,34');
    // a fourth decimal is not taken
    await user.type(cell('Kỹ sư', 3), '3,1234');
    expect(editor('Kỹ sư', 3).value).to.equal('3,123');

    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', BASE)).to.have.length(1));
    const body = api.callsTo('POST', BASE)[0]?.body as Record<string, unknown>;
    expect(body).to.deep.include({
      name: 'Bảng hệ số 2027',
      effectiveDate: '2027-01-01',
      baseSalary: '2530000',
    });
    expect(body.salaryGrades).to.deep.equal([
      {
        ...emptyRow,
        salaryGradeId: ENGINEER,
        coefficient1: '2.34',
        coefficient2: '2.67',
        coefficient3: '3.123',
      },
      { ...emptyRow, salaryGradeId: TECHNICIAN, coefficient1: '1.86', coefficient5: '2.5' },
    ]);
  });

  it('starts a new table from the latest in force, leaving out steps a grade no longer has', async () => {
    latest = {
      date: '2026-01-01',
      salaryGrades: [
        {
          ...emptyRow,
          salaryGradeId: ENGINEER,
          coefficient1: '2.500',
          coefficient2: '2.900',
          coefficient4: '3.5',
        },
        { ...emptyRow, salaryGradeId: 'gone', coefficient1: '1.000' },
      ],
    };
    const user = userEvent.setup();
    await open(`${ROUTE}/create`);
    await waitFor(() => expect(cell('Kỹ sư', 1).textContent).to.equal('2,5'));
    expect(cell('Kỹ sư', 2).textContent).to.equal('2,9');
    expect(cell('Kỹ sư', 4).textContent).to.equal('Ngạch không có bậc này');
    matrix().getByText(/sao chép từ bảng hiệu lực ngày 01\/01\/2026/);
    await fillHeader(user);
    // typing replaces the cell's value
    await user.type(cell('Kỹ sư', 2), '3,1');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', BASE)).to.have.length(1));
    expect((api.callsTo('POST', BASE)[0]?.body as Record<string, unknown>).salaryGrades).to.deep.equal([
      { ...emptyRow, salaryGradeId: ENGINEER, coefficient1: '2.500', coefficient2: '3.1' },
    ]);
  });

  it("shows the server's refusal on its cell (salaryGrades[1].coefficient5) and a 0 as it is typed", async () => {
    api.intercept((call) =>
      call.method === 'POST' && call.path === BASE
        ? {
            status: 400,
            body: {
              code: ErrorCodes.validation,
              message: 'The coefficients do not fit the salary grades',
              errors: [
                {
                  field: 'salaryGrades[1].coefficient5',
                  code: FieldErrorKeys.invalidValue,
                  message: 'the grade has no step 5',
                },
              ],
            },
          }
        : null,
    );
    const user = userEvent.setup();
    await open(`${ROUTE}/create`);
    await fillHeader(user);
    await user.type(cell('Kỹ sư', 1), '0');
    expect(editor('Kỹ sư', 1).getAttribute('aria-invalid')).to.equal('true');
    matrix().getByText(/Hệ số phải lớn hơn 0/);
    // refused: Enter does not write it
    await user.keyboard('{Enter}');
    expect(editor('Kỹ sư', 1).value).to.equal('0');
    await user.keyboard('{Backspace}2{Enter}');
    expect(cell('Kỹ sư', 1).textContent).to.equal('2');
    await user.type(cell('Kỹ thuật viên', 5), '2,5');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(cell('Kỹ thuật viên', 5).getAttribute('aria-invalid')).to.equal('true'));
    expect(cell('Kỹ sư', 1).getAttribute('aria-invalid')).to.equal(null);
  });

  it('shows a stored table read only on its detail page', async () => {
    api.records(contract).push({
      id: '00000000-0000-4000-8000-000000000077',
      version: 1,
      name: 'Bảng hệ số 2026',
      effectiveDate: '2026-01-01',
      baseSalary: '2340000',
      note: null,
      status: 'ACTIVE',
      salaryGrades: [{ ...emptyRow, salaryGradeId: ENGINEER, coefficient1: '2.340', coefficient3: '3.000' }],
      createdAt: '2026-01-01T00:00:00.000Z',
      createdBy: null,
      lastModifiedAt: '2026-01-01T00:00:00.000Z',
      lastModifiedBy: null,
    });
    await api.signInWith(ALL);
    window.history.pushState(null, '', `${ROUTE}/00000000-0000-4000-8000-000000000077/detail`);
    renderUi(<PositionCoefficientPages />);
    const table = await screen.findByRole('table', { name: 'Hệ số theo ngạch bậc' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells).to.deep.equal(['2,34', '—', '3', '—', '—']);
    within(table).getByRole('rowheader', { name: 'Kỹ sư' });
    // the matrix as a workbook: the table's own export
    const saved: string[] = [];
    const save = matrixDownloads.save;
    matrixDownloads.save = (_blob, fileName) => saved.push(fileName);
    api.intercept((call) =>
      call.path === `${BASE}/00000000-0000-4000-8000-000000000077/export-matrix`
        ? { status: 200, blob: new Blob(['x']), headers: { 'content-type': 'application/octet-stream' } }
        : null,
    );
    try {
      await userEvent.setup().click(screen.getByRole('button', { name: 'Xuất ma trận hệ số' }));
      await waitFor(() => expect(saved).to.deep.equal(['he-so-luong-00000000.xlsx']));
    } finally {
      matrixDownloads.save = save;
    }
  });
});
