import { expect } from '@open-wc/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACTS_PATH, type ContactCard } from '@hcm/contracts/workers';
import { clearSession } from '@hcm/session';
import { DEFAULT_AVATARS } from '@hcm/ui';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../../shared/ui/src/testing/axe.ts';
import { FakeResourceApi } from '../../../../shared/ui/src/testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../../../../shared/ui/src/testing/ui-fixture.tsx';
import { addOrganizationDictionary } from '../testing.ts';
import { CONTACTS_PAGE_SIZE, ContactsPage } from './ContactsPage.tsx';

/** A 1×1 PNG: the photo's thumbnail the fake storage answers. */
const PHOTO = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** 30 colleagues: the first ten in the HR department, the others in sales. */
const everyone: ContactCard[] = Array.from({ length: 30 }, (_, n) => ({
  id: `w${n}`,
  code: `NV${String(n).padStart(3, '0')}`,
  fullName: `Nguyễn Văn ${n}`,
  // the first has a photo; the second is a woman without one
  gender: n === 1 ? 'FEMALE' : 'MALE',
  avatarId: n === 0 ? 'a0000000-0000-4000-8000-000000000000' : null,
  organizationUnitId: n < 10 ? 'hr' : 'sales',
  organizationUnitName: n < 10 ? 'Phòng Nhân sự' : 'Phòng Kinh doanh',
  jobPositionName: n === 0 ? 'Trưởng phòng' : null,
  jobTitleName: null,
  phone: `09000000${String(n).padStart(2, '0')}`,
  email: `nv${n}@example.vn`,
}));

let api: FakeResourceApi;

/** The fake server's directory: filters, then pages, as GET /api/om/contacts does. */
function answer(query: URLSearchParams) {
  const keyword = query.get('keyword') ?? '';
  const unit = query.get('organizationUnitId');
  const pageIndex = Number(query.get('pageIndex') ?? 1);
  const pageSize = Number(query.get('pageSize') ?? CONTACTS_PAGE_SIZE);
  const found = everyone.filter(
    (card) =>
      (!unit || card.organizationUnitId === unit) && (!keyword || card.fullName.endsWith(` ${keyword}`)),
  );
  return {
    data: found.slice((pageIndex - 1) * pageSize, pageIndex * pageSize),
    page: { pageIndex, pageSize, total: found.length },
  };
}

const cards = () => within(screen.getByRole('list', { name: 'Danh bạ' })).getAllByRole('listitem');
const contactCalls = () => api.calls.filter((call) => call.path === CONTACTS_PATH);

describe('the contacts page', () => {
  beforeEach(async () => {
    await prepareUi();
    await addOrganizationDictionary();
    api = new FakeResourceApi([]).intercept((call) => {
      if (call.method === 'GET' && call.path === CONTACTS_PATH)
        return { status: 200, body: answer(call.query) };
      if (call.method === 'GET' && call.path === `/api/storage/files/${everyone[0]?.avatarId}/thumbnail`)
        return { status: 200, blob: new Blob([PHOTO], { type: 'image/png' }), headers: {} };
      return null;
    });
    await api.signInWith(['contacts.view']);
    renderUi(<ContactsPage />);
    await screen.findByText('1–24 trong tổng số 30 người');
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('shows colleagues as cards with their position, unit, phone and e-mail links', async () => {
    expect(cards()).to.have.length(24);
    const first = within(cards()[0] as HTMLElement);
    first.getByRole('heading', { name: 'Nguyễn Văn 0' });
    first.getByText('Trưởng phòng');
    expect(first.getByRole('link', { name: '0900000000' }).getAttribute('href')).to.equal('tel:0900000000');
    expect(first.getByRole('link', { name: 'nv0@example.vn' }).getAttribute('href')).to.equal(
      'mailto:nv0@example.vn',
    );
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it("shows a colleague's photo, and the default avatar of their gender for those without one", async () => {
    const pictureOf = (index: number) => (cards()[index] as HTMLElement).querySelector('img');
    await waitFor(() => expect(pictureOf(0)?.getAttribute('src')).to.match(/^blob:/));
    expect(pictureOf(1)?.getAttribute('src')).to.equal(DEFAULT_AVATARS.FEMALE);
    expect(pictureOf(2)?.getAttribute('src')).to.equal(DEFAULT_AVATARS.MALE);
    // the pictures say nothing the name beside them does not
    expect(pictureOf(0)?.getAttribute('alt')).to.equal('');
  });

  it('turns the pages, and a new keyword starts again at page 1', async () => {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Trang sau' }));
    await screen.findByText('25–30 trong tổng số 30 người');
    expect(cards()).to.have.length(6);
    await user.type(screen.getByRole('searchbox', { name: 'Tìm đồng nghiệp' }), '7');
    await screen.findByText('1–1 trong tổng số 1 người');
    const last = contactCalls().at(-1);
    expect(last?.query.get('keyword')).to.equal('7');
    expect(last?.query.get('pageIndex')).to.equal('1');
  });

  it('narrows to a unit from a card and lets the filter go again', async () => {
    const user = userEvent.setup();
    await user.click(
      within(cards()[0] as HTMLElement).getByRole('button', { name: 'Xem đồng nghiệp của Phòng Nhân sự' }),
    );
    await screen.findByText('1–10 trong tổng số 10 người');
    expect(contactCalls().at(-1)?.query.get('organizationUnitId')).to.equal('hr');
    await user.click(screen.getByRole('button', { name: 'Bỏ lọc theo đơn vị Phòng Nhân sự' }));
    await waitFor(() => expect(screen.getByText('1–24 trong tổng số 30 người')).to.exist);
  });

  it('says so when nobody matches', async () => {
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Tìm đồng nghiệp' }), 'không có');
    await screen.findByText('Không tìm thấy đồng nghiệp nào.');
  });
});
