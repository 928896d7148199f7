import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FieldLimits } from '@hcm/contracts';
import { CommonLabels, defineContract, f, label } from '@hcm/contracts/resource';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ResourceDetailPage } from './ResourceDetailPage.tsx';
import { ResourceForm } from './ResourceForm.tsx';

/** A card with a person's photo (an image field, as an employee's avatar). */
const contract = defineContract({
  service: 'om',
  path: 'test-cards',
  route: '/setting/test-cards',
  permission: 'job_title',
  level: 'tenant',
  title: label('test.card.title', 'Thẻ thử', 'Test cards'),
  singular: label('test.card.singular', 'Thẻ thử', 'Test card'),
  fields: {
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    photo: f.image({
      label: label('test.card.photo', 'Ảnh', 'Photo'),
      ownerType: 'AVATAR',
      accept: ['png', 'jpg', 'jpeg', 'webp'],
    }),
    status: f.status(),
  },
  columns: ['name', 'status'],
  keyword: ['name'],
  filters: ['status'],
  sort: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  sections: [{ title: CommonLabels.general, fields: ['name', 'photo'] }],
});

const ALL = ['job_title.view', 'job_title.create', 'job_title.update', 'job_title.delete'];
let api: FakeResourceApi;

const picker = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

describe('an image field in the generic pages', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract]);
    await api.signInWith(ALL);
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('shows the uploaded photo’s thumbnail on the form, saves its id, and shows it on the detail page', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const visited: string[] = [];
    renderUi(<ResourceForm contract={contract} mode="create" navigate={(url) => visited.push(url)} />);
    const group = await screen.findByRole('group', { name: 'Ảnh' });
    await within(group).findByText('Định dạng: .png, .jpg, .jpeg, .webp; tối đa 5 MB.');

    await user.upload(picker(), new File([new Uint8Array(4096)], 'Ảnh thẻ.jpg', { type: 'image/jpeg' }));
    const preview = await within(group).findByRole('img', { name: 'Ảnh thẻ.jpg' });
    expect(preview.getAttribute('src')).to.match(/^blob:/);
    expect((api.callsTo('POST', '/api/storage/files/upload')[0]?.body as FormData).get('ownerType')).to.equal(
      'AVATAR',
    );
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    await user.type(screen.getByRole('textbox', { name: /^Tên/ }), 'Lê Thị Hoa');
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', contract.apiPath)).to.have.length(1));
    const body = api.callsTo('POST', contract.apiPath)[0]?.body as Record<string, unknown>;
    const [photo] = [...api.files.values()];
    expect(body.photo).to.equal(photo?.id);

    await resetUi();
    const [record] = api.records(contract);
    renderUi(<ResourceDetailPage contract={contract} id={record?.id ?? ''} navigate={() => undefined} />);
    const shown = await screen.findByRole('img', { name: 'Ảnh thẻ.jpg' });
    expect(shown.getAttribute('src')).to.match(/^blob:/);
    screen.getByRole('button', { name: /Ảnh thẻ\.jpg/ });
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });
});
