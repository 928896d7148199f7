import { expect } from '@open-wc/testing';
import { screen } from '@testing-library/react';
import { setLanguage } from '@hcm/i18n';
import { afterEach, beforeEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import { healthyIam } from '../../../../../shared/session/src/testing/fake-iam.ts';
import { renderShellAt, signInAsHrAdmin } from '../../testing/shell-fixture.tsx';
import { preparePages, renderPage, resetPages } from '../page-fixture.tsx';
import { NotFoundPage } from '../NotFoundPage.tsx';
import { ForbiddenPage } from './ForbiddenPage.tsx';
import { ServerErrorPage } from './ServerErrorPage.tsx';

/** The page's drawing: an inline SVG with a name, not a decoration hidden from readers. */
const drawing = (name: string) => {
  const image = screen.getByRole('img', { name });
  expect(image.tagName.toLowerCase()).to.equal('svg');
  expect(image.querySelectorAll('path, rect, circle, ellipse').length).to.be.greaterThan(3);
  return image;
};

describe('error pages', () => {
  beforeEach(() => preparePages(healthyIam()));
  afterEach(resetPages);

  it('403: a drawing, the heading, a sentence and the way back to sign-in when signed out', async () => {
    renderPage(<ForbiddenPage />);
    await screen.findByRole('heading', { level: 1, name: 'Không có quyền truy cập' });
    drawing('Hình minh họa: chiếc khiên có ổ khóa');
    screen.getByText(/chưa được cấp quyền xem trang này/);
    expect(screen.getByRole('link', { name: 'Về trang đăng nhập' }).getAttribute('href')).to.equal('/login');
  });

  it('500: a drawing, the heading and the way back to the dashboard when signed in', async () => {
    await signInAsHrAdmin();
    renderPage(<ServerErrorPage />);
    await screen.findByRole('heading', { level: 1, name: 'Đã có lỗi máy chủ' });
    drawing('Hình minh họa: máy chủ có biểu tượng cảnh báo');
    screen.getByText(/Máy chủ không xử lý được yêu cầu của bạn/);
    expect(screen.getByRole('link', { name: 'Về trang tổng quan' }).getAttribute('href')).to.equal(
      '/dashboard',
    );
  });

  it('404: a drawing of its own, the heading and the way back', async () => {
    renderPage(<NotFoundPage signedIn={false} />);
    await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy trang' });
    drawing('Hình minh họa: kính lúp trên một trang giấy trống');
    screen.getByRole('link', { name: 'Về trang đăng nhập' });
  });

  it('speak English after a language switch', async () => {
    await setLanguage('en');
    renderPage(
      <>
        <ForbiddenPage />
        <ServerErrorPage />
        <NotFoundPage signedIn={false} />
      </>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Access denied' });
    screen.getByRole('heading', { level: 1, name: 'Server error' });
    screen.getByRole('heading', { level: 1, name: 'Page not found' });
    drawing('Illustration: a shield with a padlock');
    drawing('Illustration: a server with a warning sign');
    drawing('Illustration: a magnifying glass over a blank page');
    expect(screen.getAllByRole('link', { name: 'Back to sign-in' })).to.have.length(3);
  });

  it('are reached at /403, /404 and /500 inside the workspace', async () => {
    await signInAsHrAdmin();
    for (const [path, heading] of [
      ['/403', 'Không có quyền truy cập'],
      ['/404', 'Không tìm thấy trang'],
      ['/500', 'Đã có lỗi máy chủ'],
    ] as const) {
      const view = renderShellAt(path);
      const main = await screen.findByRole('main', { name: 'Nội dung chính' });
      expect(main.querySelector('h1')?.textContent).to.equal(heading);
      view.unmount();
    }
  });
});
