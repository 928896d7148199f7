import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workerContract as contract } from '@hcm/contracts/workers';
import { clearSession } from '@hcm/session';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { FakeResourceApi } from '../testing/fake-resource-api.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { ResourceDetailPage } from './ResourceDetailPage.tsx';
import { ResourceForm } from './ResourceForm.tsx';

const ALL = ['view', 'create', 'update', 'delete'].map((action) => `worker.${action}`);
const area = (code: string, name: string, type: string, parentCode: string | null = null) => ({
  code,
  name,
  shortName: name,
  type,
  parentCode,
});
/** A few areas in force, as GET /api/om/areas answers them. */
const PROVINCES = [
  area('01', 'Thành phố Hà Nội', 'PROVINCE'),
  area('79', 'Thành phố Hồ Chí Minh', 'PROVINCE'),
];
const WARDS: Record<string, ReturnType<typeof area>[]> = {
  '01': [area('00004', 'Phường Ba Đình', 'WARD', '01'), area('00070', 'Phường Hoàn Kiếm', 'WARD', '01')],
  '79': [
    area('26740', 'Phường Sài Gòn', 'WARD', '79'),
    area('26743', 'Phường Bến Thành', 'WARD', '79'),
    area('26734', 'Phường Tân Định', 'WARD', '79'),
  ],
};
const UNIT = { id: '00000000-0000-4000-8000-0000000000aa', code: 'PHONG_NS', name: 'Phòng Nhân sự' };
let api: FakeResourceApi;

const combobox = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });

describe('an address picked by province and ward', () => {
  beforeEach(async () => {
    await prepareUi();
    api = new FakeResourceApi([contract]);
    await api.signInWith(ALL);
    api.intercept((call) => {
      if (call.path === '/api/om/areas/provinces') return { status: 200, body: { data: PROVINCES } };
      if (call.path === '/api/om/organization-units/auto-complete')
        return { status: 200, body: { data: [UNIT], page: { pageIndex: 1, pageSize: 20, total: 1 } } };
      const children = /^\/api\/om\/areas\/(\d+)\/children$/.exec(call.path);
      return children ? { status: 200, body: { data: WARDS[children[1] ?? ''] ?? [] } } : null;
    });
  });
  afterEach(async () => {
    await resetUi();
    clearSession();
  });

  it('finds a province and a ward without accents, clears the ward when the province changes, and saves the codes', async () => {
    const user = userEvent.setup();
    renderUi(<ResourceForm contract={contract} mode="create" navigate={() => undefined} />);
    await screen.findByRole('combobox', { name: /^Tỉnh\/Thành phố \(thường trú\)/ });
    const ward = combobox('Phường/Xã \\(thường trú\\)');
    expect(ward.hasAttribute('disabled')).to.equal(true);
    expect(ward.getAttribute('placeholder')).to.equal('Chọn tỉnh/thành phố trước');

    await user.type(combobox('Tỉnh/Thành phố \\(thường trú\\)'), 'ho chi');
    await user.click(await screen.findByRole('option', { name: 'Thành phố Hồ Chí Minh' }));
    await waitFor(() => expect(ward.hasAttribute('disabled')).to.equal(false));
    await user.type(ward, 'ben thanh');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).to.deep.equal(['Phường Bến Thành']);
    await user.click(options[0] as HTMLElement);
    expect((ward as HTMLInputElement).value).to.equal('Phường Bến Thành');
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    // another province: Bến Thành is not in Hà Nội
    const province = combobox('Tỉnh/Thành phố \\(thường trú\\)');
    await user.clear(province);
    await user.type(province, 'ha noi');
    await user.click(await screen.findByRole('option', { name: 'Thành phố Hà Nội' }));
    await waitFor(() => expect((ward as HTMLInputElement).value).to.equal(''));
    await user.click(ward);
    await user.click(await screen.findByRole('option', { name: 'Phường Hoàn Kiếm' }));

    await user.type(screen.getByRole('textbox', { name: /^Mã nhân viên/ }), 'NV_0001');
    await user.type(screen.getByRole('textbox', { name: /^Họ và tên/ }), 'Trần Thị Mai');
    await user.click(screen.getByRole('combobox', { name: /^Giới tính/ }));
    await user.click(await screen.findByRole('option', { name: 'Nữ' }));
    await user.click(screen.getByRole('combobox', { name: /^Đơn vị/ }));
    await user.click(await screen.findByRole('option', { name: /Phòng Nhân sự/ }));
    await user.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(api.callsTo('POST', contract.apiPath)).to.have.length(1));
    const body = api.callsTo('POST', contract.apiPath)[0]?.body as Record<string, unknown>;
    expect([body.permanentProvinceCode, body.permanentWardCode]).to.deep.equal(['01', '00070']);
    // the employee form is the largest one, typed key by key: over the default 10 s on a busy machine
  }).timeout(30_000);

  it('shows the names the record answers on the detail page and the update form', async () => {
    const [record] = api.seed(contract, 1, () => ({
      permanentProvinceCode: '79',
      permanentProvinceCodeName: 'Thành phố Hồ Chí Minh',
      permanentWardCode: '26743',
      permanentWardCodeName: 'Phường Bến Thành',
    }));
    renderUi(<ResourceDetailPage contract={contract} id={record?.id ?? ''} navigate={() => undefined} />);
    const shown = await screen.findByText('Phường Bến Thành');
    expect(shown.closest('[data-field]')?.getAttribute('data-field')).to.equal('permanentWardCode');
    screen.getByText('Thành phố Hồ Chí Minh');
    await resetUi();

    renderUi(
      <ResourceForm contract={contract} mode="update" id={record?.id ?? ''} navigate={() => undefined} />,
    );
    const ward = await screen.findByRole('combobox', { name: /^Phường\/Xã \(thường trú\)/ });
    await waitFor(() => expect((ward as HTMLInputElement).value).to.equal('Phường Bến Thành'));
  });
});
