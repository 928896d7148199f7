import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  assigneeLookupPath,
  slaAmountErrors,
  workflowTemplateContract as contract,
} from '@hcm/contracts/settings';
import { setLanguage } from '@hcm/i18n';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { ResourceDetailPage } from '../../../../shared/ui/src/resource/ResourceDetailPage.tsx';
import { ResourceForm } from '../../../../shared/ui/src/resource/ResourceForm.tsx';

/**
 * The workflow template's form, drawn by the generic ResourceForm from its contract: the steps'
 * rows editor picks each step's assignee with the look-up of the step's assignment type, and
 * the SLA is an amount of a unit (minutes, hours, days, working days: issue 27), at most 30 days.
 */
const ROLE = { id: '00000000-0000-4000-8000-00000000a001', name: 'Kế toán trưởng', status: 'ACTIVE' };
const USER = { id: '00000000-0000-4000-8000-00000000b001', name: 'Nguyễn Văn An (an.nv)', status: 'ACTIVE' };
const LOOKUPS: Record<string, (typeof ROLE)[]> = {
  [assigneeLookupPath('ROLE')]: [ROLE],
  [assigneeLookupPath('USER')]: [USER],
  [assigneeLookupPath('JOB_TITLE')]: [],
  [assigneeLookupPath('JOB_POSITION')]: [],
};
const ALL = ['view', 'create', 'update', 'delete'].map((a) => `workflow_template.${a}`);

let api: FakeResourceApi;
let visited: string[];

const steps = () => within(screen.getByRole('group', { name: 'Các bước xử lý' }));
const box = (name: string, row: number) => steps().getByRole('textbox', { name: `${name} ${row}` });
const picker = (name: string, row: number) => steps().getByRole('combobox', { name: `${name} ${row}` });
const lookedUp = (path: string) => api.calls.filter((call) => call.path === `${path}/auto-complete`);

async function renderForm(mode: 'create' | 'update', id?: string) {
  await api.signInWith(ALL);
  renderUi(<ResourceForm contract={contract} mode={mode} id={id} navigate={(url) => visited.push(url)} />);
  await screen.findByRole('form');
  await screen.findByRole('group', { name: 'Các bước xử lý' });
}

describe('the workflow template form: steps with a per-type assignee and an SLA in a unit', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract]);
    api.intercept((call) => {
      const base = call.path.replace(/\/(auto-complete|find-by-ids)$/, '');
      const records = LOOKUPS[base];
      if (!records) return null;
      if (call.path.endsWith('/find-by-ids')) {
        const ids = new Set((call.body as { ids: string[] }).ids);
        return { status: 200, body: { data: records.filter((r) => ids.has(r.id)) } };
      }
      return {
        status: 200,
        body: { data: records, page: { pageIndex: 1, pageSize: 20, total: records.length } },
      };
    });
    visited = [];
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('picks the assignee from the look-up of the chosen type, clears it when the type changes, and sends the amount and unit', async () => {
    const user = userEvent.setup();
    await renderForm('create');
    await user.type(screen.getByRole('textbox', { name: /^Mã/ }), 'WF01');
    await user.type(screen.getByRole('textbox', { name: /^Tên/ }), 'Nghỉ');
    await user.click(screen.getByRole('checkbox', { name: 'Đơn xin nghỉ phép' }));
    await user.click(steps().getByRole('button', { name: 'Thêm dòng' }));

    // no type yet: nothing to pick from
    expect(picker('Đối tượng xử lý', 1).hasAttribute('disabled')).to.equal(true);
    await user.type(box('Tên bước', 1), 'Duyệt');
    await user.click(picker('Loại phân công', 1));
    await user.click(await screen.findByRole('option', { name: 'Vai trò' }));
    await user.click(picker('Đối tượng xử lý', 1));
    await user.click(await screen.findByRole('option', { name: ROLE.name }));
    expect(lookedUp(assigneeLookupPath('ROLE'))).to.have.length.greaterThan(0);
    expect(lookedUp(assigneeLookupPath('USER'))).to.have.length(0);

    // another type: the role is no user, so the choice is cleared and the users are offered
    await user.click(picker('Loại phân công', 1));
    await user.click(await screen.findByRole('option', { name: 'Người dùng' }));
    await waitFor(() => expect(picker('Đối tượng xử lý', 1)).to.have.property('value', ''));
    await user.click(picker('Đối tượng xử lý', 1));
    await user.click(await screen.findByRole('option', { name: USER.name }));
    expect(lookedUp(assigneeLookupPath('USER'))).to.have.length.greaterThan(0);
    // a new step's unit is minutes until another is chosen
    expect(picker('Đơn vị thời hạn', 1)).to.have.property('value', 'Phút');
    await user.type(box('Thời hạn xử lý', 1), '2');
    await user.click(picker('Đơn vị thời hạn', 1));
    await user.click(await screen.findByRole('option', { name: 'Ngày làm việc' }));

    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', contract.apiPath)).to.have.length(1));
    const body = api.callsTo('POST', contract.apiPath)[0]?.body as Record<string, unknown>;
    expect(body.workflowTemplateTypes).to.deep.equal(['LEAVE_REQUEST']);
    expect(body.steps).to.deep.equal([
      { name: 'Duyệt', assignmentType: 'USER', assignmentId: USER.id, slaAmount: 2, slaUnit: 'WORKING_DAYS' },
    ]);
  });

  it('refuses a template without steps, and an SLA over 30 days in minutes, before sending', async () => {
    const user = userEvent.setup();
    await renderForm('create');
    await user.type(screen.getByRole('textbox', { name: /^Mã/ }), 'WF_TRONG');
    await user.type(screen.getByRole('textbox', { name: /^Tên/ }), 'Không bước');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await steps().findByText('Các bước xử lý là bắt buộc.');

    await user.click(steps().getByRole('button', { name: 'Thêm dòng' }));
    await user.type(box('Tên bước', 1), 'Một');
    await user.type(box('Thời hạn xử lý', 1), '43201');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(box('Thời hạn xử lý', 1).getAttribute('aria-invalid')).to.equal('true'));
    await steps().findByText('Thời hạn xử lý phải nhỏ hơn hoặc bằng 43200 (hiện là 43201).');
    expect(api.callsTo('POST', contract.apiPath)).to.have.length(0);
  });

  it('shows the server’s refusal of more than 30 days in the step’s unit, in Vietnamese and English', async () => {
    // the server's own rule (slaAmountErrors, shared with it) answers as the server does
    api.intercept((call) => {
      if (call.method !== 'POST' || call.path !== contract.apiPath) return null;
      const errors = slaAmountErrors((call.body as { steps: object[] }).steps);
      return errors.length === 0
        ? null
        : { status: 400, body: { code: 'VALIDATION_FAILED', message: 'The request is not valid', errors } };
    });
    const user = userEvent.setup();
    await renderForm('create');
    await user.type(screen.getByRole('textbox', { name: /^Mã/ }), 'WF_DAI');
    await user.type(screen.getByRole('textbox', { name: /^Tên/ }), 'Quá dài');
    await user.click(steps().getByRole('button', { name: 'Thêm dòng' }));
    await user.type(box('Tên bước', 1), 'Duyệt');
    await user.click(picker('Loại phân công', 1));
    await user.click(await screen.findByRole('option', { name: 'Vai trò' }));
    await user.click(picker('Đối tượng xử lý', 1));
    await user.click(await screen.findByRole('option', { name: ROLE.name }));
    await user.type(box('Thời hạn xử lý', 1), '800');
    await user.click(picker('Đơn vị thời hạn', 1));
    await user.click(await screen.findByRole('option', { name: 'Giờ' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));

    await steps().findByText('Thời hạn xử lý không được quá 720 giờ (hiện là 800).');
    expect(box('Thời hạn xử lý', 1).getAttribute('aria-invalid')).to.equal('true');
    expect(screen.queryByText(/must be at most/)).to.equal(null);
    expect(await accessibilityViolations(screen.getByRole('form'))).to.deep.equal([]);
    await setLanguage('en');
    await within(screen.getByRole('group', { name: 'Steps' })).findByText(
      'Time allowed must be at most 720 hours (now 800).',
    );
    expect(api.records(contract)).to.have.length(0);
  });

  it('opens stored steps with their amount, unit and assignee named, and the detail page reads them', async () => {
    const user = userEvent.setup();
    const [record] = api.seed(contract, 1, () => ({
      code: 'WF_CU',
      name: 'Mẫu cũ',
      loopTime: 900_000,
      steps: [
        {
          name: 'Kế toán duyệt',
          assignmentType: 'ROLE',
          assignmentId: ROLE.id,
          assignmentName: ROLE.name,
          slaAmount: 2,
          slaUnit: 'DAYS',
          slaTime: 172_800_000,
        },
      ],
    }));
    await api.signInWith(ALL);
    renderUi(<ResourceDetailPage contract={contract} id={record?.id ?? ''} navigate={() => undefined} />);
    const table = await screen.findByRole('table', { name: 'Các bước xử lý' });
    within(table).getByText(ROLE.name);
    within(table).getByText('Ngày');
    within(table).getByText('2.880 phút');
    expect(within(table).queryByText(ROLE.id)).to.equal(null);
    await screen.findByText('15 phút');

    await resetUi();
    await renderForm('update', record?.id);
    await waitFor(() => expect(box('Thời hạn xử lý', 1)).to.have.property('value', '2'));
    expect(picker('Đơn vị thời hạn', 1)).to.have.property('value', 'Ngày');
    expect(screen.getByRole('textbox', { name: /^Chu kỳ nhắc lại/ })).to.have.property('value', '15');
    await waitFor(() => expect(picker('Đối tượng xử lý', 1)).to.have.property('value', ROLE.name));
    await user.clear(box('Thời hạn xử lý', 1));
    await user.type(box('Thời hạn xử lý', 1), '16');
    await user.click(picker('Đơn vị thời hạn', 1));
    await user.click(await screen.findByRole('option', { name: 'Giờ' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(visited).to.have.length(1));
    const saved = (api.records(contract)[0]?.steps as { slaAmount: number; slaUnit: string }[])[0];
    expect([saved?.slaAmount, saved?.slaUnit]).to.deep.equal([16, 'HOURS']);
  });

  it('has no accessibility violations with a step and its pickers', async () => {
    const user = userEvent.setup();
    await renderForm('create');
    await user.click(steps().getByRole('button', { name: 'Thêm dòng' }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(box('Tên bước', 1).getAttribute('aria-invalid')).to.equal('true'));
    expect(await accessibilityViolations(screen.getByRole('form'))).to.deep.equal([]);
  });
});
