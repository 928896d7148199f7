import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { healthyIam, type FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';
import '../index.ts';
import { addElement, prepareWidgets, resetWidgets, signInAsHrAdmin } from '../testing/widgets-fixture.ts';
import type { TemplateDetail } from './assignment-model.ts';

/*
 * Issue 27: "Gửi duyệt" on a fresh tenant opened an empty, required workflow list with no hint.
 * A new tenant now has one default template per record kind (DEFAULT_<kind>), chosen by itself;
 * when there is none the form says so and where templates are made.
 */

const SEARCH = '/api/system/workflow-templates/search-auto-complete';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

type Listed = TemplateDetail & { code: string };
const template = (n: number, code: string, name: string): Listed => ({
  id: uuid(n),
  code,
  name,
  steps: [
    {
      id: uuid(100 + n),
      name: 'Quản trị nhân sự duyệt',
      assignmentType: 'ROLE',
      assignmentId: uuid(200),
      assignmentName: 'Quản trị nhân sự',
      slaTime: 2 * 24 * 60 * 60_000,
    },
  ],
});

function serve(api: FakeApi, templates: Listed[]) {
  api.on('GET', SEARCH, () => ({
    status: 200,
    body: { data: templates, page: { pageIndex: 1, pageSize: 25, total: templates.length } },
  }));
  for (const found of templates)
    api.on('GET', `/api/system/workflow-templates/${found.id}`, () => ({
      status: 200,
      body: { data: found },
    }));
}

const templateBox = async () =>
  (await screen.findByRole('combobox', { name: /Chọn quy trình/ })) as HTMLInputElement;

describe('<hcm-workflow-assignment> on a tenant’s first day', () => {
  let api: FakeApi;
  beforeEach(async () => {
    api = healthyIam();
    await prepareWidgets(api);
    await signInAsHrAdmin();
  });
  afterEach(() => resetWidgets());

  it('chooses the kind’s default template among others by itself', async () => {
    serve(api, [
      template(1, 'QT_HAI_CAP', 'Duyệt hai cấp'),
      template(2, 'DEFAULT_REWARD', 'Duyệt khen thưởng'),
      template(3, 'QT_GIAM_DOC', 'Giám đốc duyệt'),
    ]);
    await addElement('<hcm-workflow-assignment template-types=\'["REWARD"]\'></hcm-workflow-assignment>');
    const box = await templateBox();
    await waitFor(() => expect(box.value).to.equal('Duyệt khen thưởng'));
    await screen.findByRole('table', { name: 'Các bước xử lý' });
    expect(screen.queryByText(/Chưa có quy trình phê duyệt/)).to.equal(null);
  });

  it('with none to choose from, says so and names the real menu path, linked', async () => {
    serve(api, []);
    await addElement('<hcm-workflow-assignment template-types=\'["REWARD"]\'></hcm-workflow-assignment>');
    await screen.findByText('Chưa có quy trình phê duyệt nào cho loại bản ghi này.');
    const link = screen.getByRole('link', { name: 'Quản trị › Mẫu quy trình (SLA)' });
    expect(link.getAttribute('href')).to.equal('/setting/template-work-flow');
    expect((await templateBox()).value).to.equal('');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});
