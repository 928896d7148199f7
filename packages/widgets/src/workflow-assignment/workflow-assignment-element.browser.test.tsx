import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { APPROVAL_RULES_API_PATH } from '@hcm/contracts/approvals';
import { notices$ } from '@hcm/session';
import { healthyIam, hrAdminProfile, type FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';
import '../index.ts';
import { calendarSchedule } from '../testing/schedule-fixture.ts';
import {
  addElement,
  nextEvent,
  prepareWidgets,
  resetWidgets,
  signInAsHrAdmin,
} from '../testing/widgets-fixture.ts';
import type { TemplateDetail, TemplateStep, WorkflowAssignmentResult } from './assignment-model.ts';

const SEARCH = '/api/system/workflow-templates/search-auto-complete';
const BY_ROLE = '/api/iam/users/auto-complete-by-role';
const WORKERS = '/api/om/workers/auto-complete';
const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const scheduleOf = (template: TemplateDetail) => `/api/system/workflow-templates/${template.id}/schedule`;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const step = (
  name: string,
  assignmentType: TemplateStep['assignmentType'],
  n: number,
  slaMinutes: number,
): TemplateStep => ({
  id: uuid(100 + n),
  name,
  assignmentType,
  assignmentId: uuid(200 + n),
  assignmentName: assignmentType === 'USER' ? 'Giám đốc Hòa' : `Đối tượng ${n}`,
  slaTime: slaMinutes * MINUTE,
});
const leave: TemplateDetail = {
  id: uuid(1),
  name: 'Quy trình nghỉ phép',
  steps: [
    step('Trưởng phòng duyệt', 'ROLE', 1, 60),
    step('Chuyên viên nhân sự', 'JOB_POSITION', 2, 30),
    step('Kế toán trưởng', 'JOB_TITLE', 3, 120),
    step('Giám đốc phê duyệt', 'USER', 4, 15),
  ],
};
const emptyTemplate: TemplateDetail = { id: uuid(2), name: 'Quy trình trống', steps: [] };
const users = Array.from({ length: 40 }, (_, n) => ({
  id: uuid(1000 + n),
  username: `user${n + 1}`,
  fullName: `Người dùng ${String(n + 1).padStart(2, '0')}`,
  email: null,
  status: 'ACTIVE',
}));

const page = (data: unknown[], pageIndex: number, pageSize: number, total: number) => ({
  status: 200,
  body: { data, page: { pageIndex, pageSize, total } },
});

function serve(api: FakeApi, templates: TemplateDetail[]) {
  api.on('GET', SEARCH, () => page(templates, 1, 25, templates.length));
  for (const template of templates) {
    api.on('GET', `/api/system/workflow-templates/${template.id}`, () => ({
      status: 200,
      body: { data: template },
    }));
    // steps of minutes: the engine's times are their sums
    api.on('GET', scheduleOf(template), ({ query }) => ({
      status: 200,
      body: { data: calendarSchedule(template.steps, query.get('start')) },
    }));
  }
  // pages of 25 that overlap by one (a record added meanwhile): the second repeats the 25th user
  api.on('GET', BY_ROLE, ({ query }) => {
    const pageIndex = Number(query.get('pageIndex') ?? 1);
    const keyword = query.get('keyword') ?? '';
    const found = users.filter((user) => user.fullName.includes(keyword));
    const from = pageIndex === 1 ? 0 : 24;
    return page(found.slice(from, from + 25), pageIndex, 25, found.length);
  });
  api.on('GET', WORKERS, ({ query }) => {
    const of = query.get('jobPositionIds') ? 'Vị trí' : 'Chức danh';
    return page(
      [
        { id: uuid(3001), code: 'NV01', fullName: `${of} Lê Minh`, userId: uuid(4001) },
        { id: uuid(3002), code: 'NV02', fullName: `${of} Phạm Hà`, userId: null },
      ],
      1,
      25,
      2,
    );
  });
}

/** A step's row; throws while it is not drawn yet, so that waitFor asks again. */
const rowOf = (name: string) => {
  const row = screen.getAllByRole('row').find((candidate) => candidate.textContent?.includes(name));
  if (!row) throw new Error(`no row of the step ${name} yet`);
  return row;
};
const assigneeBox = (stepName: string) =>
  screen.getByRole('combobox', { name: `Người xử lý bước ${stepName}` }) as HTMLInputElement;
const parse = (text: string) => {
  const [d, m, y, h, min] = text.split(/[/ :]/).map(Number);
  return new Date(y as number, (m as number) - 1, d, h, min).getTime();
};
/** A row's start and end cells, as shown. */
const shownTimesOf = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .slice(4, 6)
    .map((cell) => cell.textContent);
/** A row's start and end cells, as times. */
const timesOf = (name: string) => shownTimesOf(name).map((text) => parse(text ?? ''));
/** dd/MM/yyyy HH:mm of an instant, in the browser's time zone (as the table shows it). */
const shown = (at: number) => {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
};

async function choose(box: HTMLElement, option: string | RegExp) {
  await userEvent.click(box);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('<hcm-workflow-assignment>', () => {
  let api: FakeApi;
  beforeEach(async () => {
    api = healthyIam();
    await prepareWidgets(api);
    // the form reads nothing for nobody
    await signInAsHrAdmin();
  });
  afterEach(() => resetWidgets());

  it('chooses the only template itself and lists its steps with their types, assignees and schedule', async () => {
    serve(api, [leave]);
    const before = Date.now();
    const changed = nextEvent<WorkflowAssignmentResult>('hcm-workflow-change');
    await addElement(
      '<hcm-workflow-assignment template-types=\'["LEAVE_REQUEST"]\'></hcm-workflow-assignment>',
    );
    expect((await changed).bubbles).to.equal(true);
    const templateBox = await screen.findByRole('combobox', { name: /Chọn quy trình/ });
    await waitFor(() => expect((templateBox as HTMLInputElement).value).to.equal('Quy trình nghỉ phép'));
    expect(api.lastQuery(SEARCH)?.getAll('workflowTemplateTypes')).to.deep.equal(['LEAVE_REQUEST']);
    expect(api.lastQuery(SEARCH)?.get('sortBy')).to.equal('name.asc');

    await screen.findByRole('table', { name: 'Các bước xử lý' });
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).to.deep.equal([
      'STT',
      'Tên bước',
      'Loại phân công',
      'Người xử lý',
      'Bắt đầu',
      'Kết thúc',
    ]);
    expect(
      leave.steps.map((s) =>
        within(rowOf(s.name))
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).to.deep.equal([
      ['1', 'Trưởng phòng duyệt', 'Vai trò'],
      ['2', 'Chuyên viên nhân sự', 'Vị trí công việc'],
      ['3', 'Kế toán trưởng', 'Chức danh'],
      ['4', 'Giám đốc phê duyệt', 'Người dùng'],
    ]);
    // a USER step: its user, fixed
    const fixed = assigneeBox('Giám đốc phê duyệt');
    expect(fixed.value).to.equal('Giám đốc Hòa');
    expect(fixed.disabled).to.equal(true);

    // the server's schedule from now (to the minute shown): each next step when the previous ends
    await waitFor(() => expect(shownTimesOf('Trưởng phòng duyệt')[1]).to.not.equal(''));
    expect(Date.parse(api.lastQuery(scheduleOf(leave))?.get('start') ?? '')).to.be.within(
      before - MINUTE,
      Date.now(),
    );
    const [firstStart] = timesOf('Trưởng phòng duyệt');
    expect(firstStart).to.be.within(before - MINUTE, Date.now());
    let previousEnd: number | undefined;
    for (const s of leave.steps) {
      const [start, end] = timesOf(s.name);
      if (previousEnd !== undefined) expect(start).to.equal(previousEnd);
      expect((end as number) - (start as number)).to.equal(s.slaTime);
      previousEnd = end;
    }
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('reads a role’s users page by page as the list is scrolled, without repeats, and tells each change', async () => {
    serve(api, [leave]);
    await addElement('<hcm-workflow-assignment></hcm-workflow-assignment>');
    await screen.findByRole('table');
    await userEvent.click(assigneeBox('Trưởng phòng duyệt'));
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: 'Người dùng 25' });
    expect(api.lastQuery(BY_ROLE)?.get('roleIds')).to.equal(leave.steps[0]?.assignmentId);
    listbox.scrollTop = listbox.scrollHeight;
    listbox.dispatchEvent(new Event('scroll'));
    await within(listbox).findByRole('option', { name: 'Người dùng 40' });
    expect(api.lastQuery(BY_ROLE)?.get('pageIndex')).to.equal('2');
    const names = within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).to.have.length(40);
    expect(new Set(names).size).to.equal(40);

    const element = document.querySelector('hcm-workflow-assignment') as HTMLElement;
    let detail: WorkflowAssignmentResult | undefined;
    element.addEventListener('hcm-workflow-change', (event) => {
      detail = (event as CustomEvent<WorkflowAssignmentResult>).detail;
    });
    await userEvent.click(within(listbox).getByRole('option', { name: 'Người dùng 26' }));
    // told the assignee at once, and the server's times with it (or soon after, asked again)
    await waitFor(() => expect(detail?.value.steps[0]?.endDateRaw).to.be.a('string'));
    await waitFor(() => expect(detail?.value.steps[0]?.assigneeUserId).to.equal(users[25]?.id));
    if (!detail) throw new Error('no change told');
    expect(detail.valid).to.equal(false);
    expect(detail.value.workflowTemplateId).to.equal(leave.id);
    expect(detail.value.steps.map((s) => [s.workFlowStepTemplateId, s.assigneeUserId])).to.deep.equal([
      [leave.steps[0]?.id, users[25]?.id],
      [leave.steps[1]?.id, null],
      [leave.steps[2]?.id, null],
      [leave.steps[3]?.id, leave.steps[3]?.assignmentId],
    ]);
    const [a, b] = detail.value.steps;
    expect(Date.parse(a?.endDateRaw ?? '') - Date.parse(a?.startDateRaw ?? '')).to.equal(60 * MINUTE);
    expect(b?.startDateRaw).to.equal(a?.endDateRaw);
  });

  it('offers the employees of a position or a title as their accounts; all assigned, the form is valid', async () => {
    serve(api, [leave]);
    let last: WorkflowAssignmentResult | undefined;
    await addElement('<hcm-workflow-assignment></hcm-workflow-assignment>', {
      'hcm-workflow-change': (event) => {
        last = (event as CustomEvent<WorkflowAssignmentResult>).detail;
      },
    });
    await screen.findByRole('table');

    await userEvent.click(assigneeBox('Chuyên viên nhân sự'));
    let listbox = await screen.findByRole('listbox');
    // an employee without an account cannot handle a step
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).to.deep.equal(['Vị trí Lê Minh (NV01)']);
    expect(api.lastQuery(WORKERS)?.get('jobPositionIds')).to.equal(leave.steps[1]?.assignmentId);
    await userEvent.click(within(listbox).getByRole('option'));

    await userEvent.click(assigneeBox('Kế toán trưởng'));
    listbox = await screen.findByRole('listbox');
    await userEvent.click(await within(listbox).findByRole('option', { name: 'Chức danh Lê Minh (NV01)' }));
    expect(api.lastQuery(WORKERS)?.get('jobTitleIds')).to.equal(leave.steps[2]?.assignmentId);
    expect(assigneeBox('Kế toán trưởng').value).to.equal('Chức danh Lê Minh (NV01)');

    await choose(assigneeBox('Trưởng phòng duyệt'), 'Người dùng 01');
    await waitFor(() => expect(last?.valid).to.equal(true));
    expect(last?.value.steps.map((s) => s.assigneeUserId)).to.deep.equal([
      users[0]?.id,
      uuid(4001),
      uuid(4001),
      leave.steps[3]?.assignmentId,
    ]);
  });

  it('on show-errors marks what is missing and warns once; a template without steps shows no data', async () => {
    serve(api, [leave, emptyTemplate]);
    const element = await addElement('<hcm-workflow-assignment></hcm-workflow-assignment>');
    const templateBox = await screen.findByRole('combobox', { name: /Chọn quy trình/ });
    // two templates: none is chosen for the user
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((templateBox as HTMLInputElement).value).to.equal('');
    expect(screen.queryByRole('table')).to.equal(null);

    element.setAttribute('show-errors', '');
    await screen.findByText('Vui lòng nhập đầy đủ thông tin bắt buộc');
    await screen.findByText('Vui lòng chọn quy trình');

    await choose(templateBox, 'Quy trình trống');
    await screen.findByText('Không có dữ liệu');
    await screen.findByText('Quy trình chưa có bước xử lý nào');

    await choose(templateBox, 'Quy trình nghỉ phép');
    await screen.findByText('Trưởng phòng duyệt');
    // every step without an assignee is marked, the fixed one is not
    await waitFor(() => expect(screen.getAllByText('Vui lòng chọn người xử lý')).to.have.length(3));
    expect(screen.getAllByText('Vui lòng nhập đầy đủ thông tin bắt buộc')).to.have.length(1);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('never offers the requester (the user signed in) as an assignee, nor takes a step fixed to them, unless the tenant allows it', async () => {
    const me = { id: hrAdminProfile.id, username: 'hradmin', fullName: hrAdminProfile.fullName };
    const ownStep = { ...step('Tự duyệt', 'USER', 5, 15), assignmentId: me.id, assignmentName: me.fullName };
    const selfApproval: TemplateDetail = {
      id: uuid(3),
      name: 'Quy trình tự duyệt',
      steps: [step('Trưởng phòng duyệt', 'ROLE', 1, 60), ownStep],
    };
    serve(api, [selfApproval]);
    // the role's holders: the requester among them
    api.on('GET', BY_ROLE, () => page([me, users[0]], 1, 25, 2));
    let allowed = false;
    api.on('GET', APPROVAL_RULES_API_PATH, () => ({
      status: 200,
      body: { data: { requesterMayApprove: allowed } },
    }));
    const show = async () => {
      let last: WorkflowAssignmentResult | undefined;
      await addElement('<hcm-workflow-assignment></hcm-workflow-assignment>', {
        'hcm-workflow-change': (event) => {
          last = (event as CustomEvent<WorkflowAssignmentResult>).detail;
        },
      });
      await screen.findByRole('table');
      // the rule read (as the form appeared) before the list is opened
      await waitFor(() => expect(api.callsTo(APPROVAL_RULES_API_PATH)).to.have.length.above(0));
      return () => last;
    };

    // by default (four eyes): the other holder only, and the step fixed to the requester refused
    let last = await show();
    await userEvent.click(assigneeBox('Trưởng phòng duyệt'));
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: 'Người dùng 01' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).to.deep.equal(['Người dùng 01']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Người dùng 01' }));
    await screen.findByText(
      'Người gửi duyệt hoặc người tạo bản ghi không được tự xử lý bước này: hãy chọn quy trình khác',
    );
    await waitFor(() =>
      expect(last()?.value.steps.map((s) => s.assigneeUserId)).to.deep.equal([users[0]?.id, null]),
    );
    expect(last()?.valid).to.equal(false);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    // a very small team waived it (System › Configuration): the requester is offered and may be fixed
    await resetWidgets();
    await signInAsHrAdmin();
    allowed = true;
    last = await show();
    await choose(assigneeBox('Trưởng phòng duyệt'), me.fullName);
    await waitFor(() => expect(last()?.valid).to.equal(true));
    expect(last()?.value.steps.map((s) => s.assigneeUserId)).to.deep.equal([me.id, me.id]);
    expect(screen.queryByText(/không được tự xử lý bước này/)).to.equal(null);
  });

  it('shows the engine’s times the server answers (two working days from a Friday end on Tuesday), none while asked or when it fails', async () => {
    const workingDays: TemplateDetail = {
      id: uuid(4),
      name: 'Quy trình hai ngày làm việc',
      // 2 working days: on the calendar two days, which is not when the step is due
      steps: [step('Trưởng phòng duyệt', 'ROLE', 1, 2 * 1440)],
    };
    serve(api, [workingDays]);
    // the server answers when the test says: first nothing, then the engine's times
    let answer: (start: string) => { status: number; body?: unknown } = () => ({ status: 500 });
    let release = () => {};
    api.on('GET', scheduleOf(workingDays), async ({ query }) => {
      await new Promise<void>((resolve) => (release = resolve));
      return answer(query.get('start') ?? '');
    });
    let last: WorkflowAssignmentResult | undefined;
    // listening from the start: the form tells its steps as soon as the template is chosen
    await addElement('<hcm-workflow-assignment></hcm-workflow-assignment>', {
      'hcm-workflow-change': (event) => {
        last = (event as CustomEvent<WorkflowAssignmentResult>).detail;
      },
    });
    await screen.findByRole('table', { name: 'Các bước xử lý' });
    await waitFor(() => expect(api.callsTo(scheduleOf(workingDays))).to.have.length(1));
    // asked: the step without times, never its calendar sum (its row may be drawn after the table)
    await waitFor(() => expect(shownTimesOf('Trưởng phòng duyệt')).to.deep.equal(['', '']));
    await waitFor(() => expect(last?.value.steps).to.have.length(1));
    expect(last?.value.steps[0]?.endDateRaw).to.equal(null);

    // a Friday start ends on the Tuesday after, at the same time: four days, not two
    let due = 0;
    answer = (start) => {
      due = Date.parse(start) + 4 * DAY;
      return {
        status: 200,
        body: { data: [{ start, end: new Date(due).toISOString() }] },
      };
    };
    release();
    await waitFor(() => expect(shownTimesOf('Trưởng phòng duyệt')[1]).to.equal(shown(due)));
    const [start] = timesOf('Trưởng phòng duyệt');
    expect(shownTimesOf('Trưởng phòng duyệt')[1]).to.not.equal(shown((start as number) + 2 * DAY));
    await waitFor(() => expect(last?.value.steps[0]?.endDateRaw).to.equal(new Date(due).toISOString()));
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    // the form opened again, and the server fails: no times, and nothing to tell the user
    await resetWidgets();
    await signInAsHrAdmin();
    const told: unknown[] = [];
    const notices = notices$.subscribe((notice) => told.push(notice));
    let failed = false;
    answer = () => {
      failed = true;
      return { status: 500, body: { code: 'INTERNAL_ERROR', message: 'boom' } };
    };
    try {
      await addElement('<hcm-workflow-assignment></hcm-workflow-assignment>');
      await screen.findByRole('table', { name: 'Các bước xử lý' });
      await waitFor(() => expect(api.callsTo(scheduleOf(workingDays))).to.have.length(2));
      release();
      await waitFor(() => expect(failed).to.equal(true));
      // the table stops being busy once the failed answer is in, and shows no times
      await waitFor(() =>
        expect(screen.getByRole('table', { name: 'Các bước xử lý' }).getAttribute('aria-busy')).to.equal(
          'false',
        ),
      );
      await waitFor(() => expect(shownTimesOf('Trưởng phòng duyệt')).to.deep.equal(['', '']));
      expect(told).to.deep.equal([]);
    } finally {
      notices.unsubscribe();
    }
  });

  it('works from the keyboard: the template list, a step’s assignee, and the row it selects', async () => {
    serve(api, [leave, emptyTemplate]);
    await addElement('<hcm-workflow-assignment></hcm-workflow-assignment>');
    const templateBox = await screen.findByRole('combobox', { name: /Chọn quy trình/ });
    templateBox.focus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: 'Quy trình trống' });
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Trưởng phòng duyệt');
    expect((templateBox as HTMLInputElement).value).to.equal('Quy trình nghỉ phép');

    // past the template list's own open button, to the first step's assignee
    await userEvent.tab();
    await userEvent.tab();
    // compared by identity: chai would print two DOM trees on a mismatch
    expect(document.activeElement === assigneeBox('Trưởng phòng duyệt')).to.equal(true);
    expect(rowOf('Trưởng phòng duyệt').getAttribute('aria-selected')).to.equal('true');
    await userEvent.keyboard('Người dùng 03');
    await waitFor(() => expect(api.lastQuery(BY_ROLE)?.get('keyword')).to.equal('Người dùng 03'));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).to.deep.equal(['Người dùng 03']),
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(assigneeBox('Trưởng phòng duyệt').value).to.equal('Người dùng 03'));

    // a click selects another row
    await userEvent.click(within(rowOf('Kế toán trưởng')).getAllByRole('cell')[1] as HTMLElement);
    expect(rowOf('Kế toán trưởng').getAttribute('aria-selected')).to.equal('true');
    expect(rowOf('Trưởng phòng duyệt').getAttribute('aria-selected')).to.equal('false');
  });
});
