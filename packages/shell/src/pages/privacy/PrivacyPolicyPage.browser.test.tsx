import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '@hcm/i18n';
import { afterEach, beforeEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import { healthyIam } from '../../../../../shared/session/src/testing/fake-iam.ts';
import { currentPath, renderShellAt } from '../../testing/shell-fixture.tsx';
import { preparePages, resetPages } from '../page-fixture.tsx';

describe('privacy policy page', () => {
  beforeEach(() => preparePages(healthyIam()));
  afterEach(resetPages);

  it('is linked from the sign-in page and readable without signing in', async () => {
    renderShellAt('/login');
    const user = userEvent.setup();
    const footer = await screen.findByRole('contentinfo');
    const link = screen.getByRole('link', { name: 'Chính sách quyền riêng tư' });
    expect(footer.contains(link)).to.equal(true);
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Chính sách quyền riêng tư' });
    await waitFor(() => expect(currentPath()).to.equal('/privacy-policy'));
  });

  it('sets out the notice in sections under Decree 13/2023/NĐ-CP', async () => {
    renderShellAt('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Chính sách quyền riêng tư' });
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).to.have.length(10);
    expect(sections[1]).to.equal('2. Dữ liệu cá nhân được xử lý');
    expect(sections).to.include('8. Quyền của bạn');
    screen.getByRole('region', { name: '5. Cơ sở pháp lý' });
    expect(document.body.textContent).to.contain('Nghị định 13/2023/NĐ-CP');
    expect(document.body.textContent).to.contain('phòng Nhân sự');
    screen.getByRole('link', { name: 'Về trang đăng nhập' });
  });

  it('reads in English', async () => {
    await setLanguage('en');
    renderShellAt('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    screen.getByRole('heading', { level: 2, name: '8. Your rights' });
    expect(document.body.textContent).to.contain('Decree 13/2023/ND-CP');
  });
});
