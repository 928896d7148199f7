import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { assigneeLookupPath, workflowTemplateContract as contract } from '@hcm/contracts/settings';
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
 * the SLA is typed and read in minutes while the API keeps milliseconds.
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

describe('the workflow template form: steps with a per-type assignee and SLA in minutes', () => {
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

  it('picks the assignee from the look-up of the chosen type, clears it when the type changes, and sends ms', async () => {
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
    await user.type(box('Thời gian xử lý (phút)', 1), '45');

    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', contract.apiPath)).to.have.length(1));
    const body = api.callsTo('POST', contract.apiPath)[0]?.body as Record<string, unknown>;
    expect(body.workflowTemplateTypes).to.deep.equal(['LEAVE_REQUEST']);
    expect(body.steps).to.deep.equal([
      { name: 'Duyệt', assignmentType: 'USER', assignmentId: USER.id, slaTime: 2_700_000 },
    ]);
  });

  it('refuses a template without steps, and an SLA over 999 minutes, before sending', async () => {
    const user = userEvent.setup();
    await renderForm('create');
    await user.type(screen.getByRole('textbox', { name: /^Mã/ }), 'WF_TRONG');
    await user.type(screen.getByRole('textbox', { name: /^Tên/ }), 'Không bước');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await steps().findByText('Các bước xử lý là bắt buộc.');

    await user.click(steps().getByRole('button', { name: 'Thêm dòng' }));
    await user.type(box('Tên bước', 1), 'Một');
    await user.type(box('Thời gian xử lý (phút)', 1), '1000');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() =>
      expect(box('Thời gian xử lý (phút)', 1).getAttribute('aria-invalid')).to.equal('true'),
    );
    expect(api.callsTo('POST', contract.apiPath)).to.have.length(0);
  });

  it('opens stored steps in minutes with their assignee named, and the detail page reads names and minutes', async () => {
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
          slaTime: 5_400_000,
        },
      ],
    }));
    await api.signInWith(ALL);
    renderUi(<ResourceDetailPage contract={contract} id={record?.id ?? ''} navigate={() => undefined} />);
    const table = await screen.findByRole('table', { name: 'Các bước xử lý' });
    within(table).getByText(ROLE.name);
    within(table).getByText('90 phút');
    expect(within(table).queryByText(ROLE.id)).to.equal(null);
    await screen.findByText('15 phút');

    await resetUi();
    await renderForm('update', record?.id);
    await waitFor(() => expect(box('Thời gian xử lý (phút)', 1)).to.have.property('value', '90'));
    expect(screen.getByRole('textbox', { name: /^Chu kỳ nhắc lại/ })).to.have.property('value', '15');
    await waitFor(() => expect(picker('Đối tượng xử lý', 1)).to.have.property('value', ROLE.name));
    await user.clear(box('Thời gian xử lý (phút)', 1));
    await user.type(box('Thời gian xử lý (phút)', 1), '120');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(visited).to.have.length(1));
    expect((api.records(contract)[0]?.steps as { slaTime: number }[])[0]?.slaTime).to.equal(7_200_000);
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
