import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GeneralTimesheetPaths, type GeneralTimesheetImportResult } from '@hcm/contracts/general-timesheet';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { signInAdministrator } from '../../../../shared/ui/src/testing/menu-walk.ts';
import { openPath, prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addTimekeepingDictionary } from '../testing.ts';
import { TimekeepingRouter } from '../TimekeepingRouter.tsx';
import { excelDownloads } from './general-timesheet-api.ts';
import { MONTH, pageOf, UNIT } from './grid-fixtures.ts';

let api: FakeResourceApi;
let settled: () => boolean;
/** what the next import answers */
let answer: { status: number; body: unknown };
const saved: { blob: Blob; fileName: string }[] = [];
const originalSave = excelDownloads.save;

const xlsx = (name: string) =>
  new File([new Uint8Array([80, 75, 3, 4])], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
const imported = (result: Partial<GeneralTimesheetImportResult>) => ({
  status: 200,
  body: { data: { fileName: 'cham-cong.xlsx', workers: 3, corrected: 0, changes: [], ...result } },
});

/*
 * The general timesheet's Excel buttons in Chromium against the in-memory API: the month shown is
 * downloaded as the server names it; a file sent back says what it corrected (or that nothing
 * differed), and a refused file lists its problems by cell in the user's words; axe finds nothing.
 */
describe('the general timesheet in Excel', () => {
  beforeEach(async () => {
    await prepareUi();
    await addTimekeepingDictionary();
    saved.length = 0;
    excelDownloads.save = (blob, fileName) => saved.push({ blob, fileName });
    answer = imported({});
    api = new FakeResourceApi([]);
    api.intercept((call) => {
      if (call.path === GeneralTimesheetPaths.grid)
        return { status: 200, body: { data: pageOf(1, 3, null) } };
      if (call.path === GeneralTimesheetPaths.exportExcel)
        return {
          status: 200,
          blob: new Blob(['xlsx']),
          headers: { 'content-disposition': 'attachment; filename="bang-cham-cong_XM_2026-03.xlsx"' },
        };
      if (call.path === GeneralTimesheetPaths.importExcel && call.method === 'POST') return answer;
      return null;
    });
    settled = await signInAdministrator(api, 'TENANT');
    openPath(`/tm/general-timesheet?unit=${UNIT}&month=${MONTH}`);
    renderUi(<TimekeepingRouter />);
    await screen.findByRole('grid', { name: `Bảng công tháng ${MONTH}` });
  });
  afterEach(async () => {
    excelDownloads.save = originalSave;
    await resetUi();
    clearSession();
  });

  it('downloads the month shown as the workbook the server names', async () => {
    await userEvent.setup().click(screen.getByRole('button', { name: 'Xuất Excel' }));
    await waitFor(() => expect(saved).to.have.length(1));
    expect(saved[0]?.fileName).to.equal('bang-cham-cong_XM_2026-03.xlsx');
    const call = api.callsTo('GET', GeneralTimesheetPaths.exportExcel)[0];
    expect(call?.query.get('organizationUnitId')).to.equal(UNIT);
    expect(call?.query.get('month')).to.equal(MONTH);
  });

  it('sends a file back and says which days it corrected, then shows the month again', async () => {
    answer = imported({
      corrected: 1,
      changes: [{ code: 'NV002', workDate: '2026-03-06', before: null, after: '+' }],
    });
    await userEvent.setup().upload(screen.getByLabelText('Nhập từ Excel'), xlsx('cham-cong.xlsx'));
    await screen.findByText('Đã nhập cham-cong.xlsx: sửa 1 ô công.');
    screen.getByText('NV002 ngày 06/03: (trống) → +');
    const sent = api.callsTo('POST', GeneralTimesheetPaths.importExcel)[0];
    expect(sent?.query.get('month')).to.equal(MONTH);
    expect(((sent?.body as FormData).get('file') as File).name).to.equal('cham-cong.xlsx');
    await waitFor(() => expect(api.callsTo('GET', GeneralTimesheetPaths.grid)).to.have.length(2));
    await waitFor(() => expect(settled()).to.equal(true));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('says so when the file holds nothing new', async () => {
    await userEvent.setup().upload(screen.getByLabelText('Nhập từ Excel'), xlsx('cham-cong.xlsx'));
    await screen.findByText('Đã đọc cham-cong.xlsx: không ô nào khác bảng công, không có gì thay đổi.');
    expect(api.callsTo('GET', GeneralTimesheetPaths.grid)).to.have.length(1);
  });

  it('lists a refused file’s problems by cell, in the user’s words', async () => {
    const problem = (params: Record<string, string | number>) => ({
      field: 'file',
      code: 'error.invalidValue',
      message: 'in English for logs',
      params,
    });
    answer = {
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'The timesheet cannot be imported',
        errors: [
          problem({ problem: 'unknownSymbol', row: 10, column: 'N', value: 'Z', symbols: '+, P, KL' }),
          problem({ problem: 'unknownWorker', row: 11, column: 'B', value: 'NV999' }),
          problem({ problem: 'wrongMonth', file: '2026-04', expected: '2026-03' }),
        ],
      },
    };
    await userEvent.setup().upload(screen.getByLabelText('Nhập từ Excel'), xlsx('sai.xlsx'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).to.contain('Không nhập được tệp, không có gì thay đổi:');
    expect(alert.textContent).to.contain('Ô N10: "Z" không phải ký hiệu chấm công (+, P, KL)');
    expect(alert.textContent).to.contain('Ô B11: không có nhân viên mã NV999 trong đơn vị mà bạn được xem');
    expect(alert.textContent).to.contain('tệp là bảng chấm công tháng 2026-04, không phải tháng 2026-03');
    expect(alert.textContent).not.to.contain('English');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});
