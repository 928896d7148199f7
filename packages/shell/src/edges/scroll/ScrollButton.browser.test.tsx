import { expect } from '@open-wc/testing';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HcmProvider } from '@hcm/ui';
import { afterEach, beforeEach, describe, it } from '../../../../../scripts/wtr/mocha.ts';
import { healthyIam } from '../../../../../shared/session/src/testing/fake-iam.ts';
import { prepareShell } from '../../testing/shell-fixture.tsx';
import { ScrollButton } from './ScrollButton.tsx';

/** Content of a given height, in place of a page. */
function Page({ height }: { height: number }) {
  return (
    <HcmProvider>
      <div style={{ height: `${height}px` }} />
      <ScrollButton />
    </HcmProvider>
  );
}

const bottom = () => document.documentElement.scrollHeight - window.innerHeight;

// getBy*/findBy* queries throw when nothing matches: a bare query is an assertion.
describe('scroll button', () => {
  let bodyMargin: string;

  beforeEach(async () => {
    await prepareShell(healthyIam());
    // The test page's own margin would make any page taller than the window.
    bodyMargin = document.body.style.margin;
    document.body.style.margin = '0';
    window.scrollTo(0, 0);
  });
  afterEach(() => {
    cleanup();
    window.scrollTo(0, 0);
    document.body.style.margin = bodyMargin;
  });

  it('is not there on a page that fits the window', async () => {
    render(<Page height={100} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button')).to.equal(null);
  });

  it('takes a tall page to the bottom, then back to the top', async () => {
    render(<Page height={window.innerHeight * 4} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Xuống cuối trang' }));
    await waitFor(() => expect(window.scrollY).to.be.closeTo(bottom(), 1));
    await user.click(await screen.findByRole('button', { name: 'Lên đầu trang' }));
    await waitFor(() => expect(window.scrollY).to.equal(0));
    await screen.findByRole('button', { name: 'Xuống cuối trang' });
  });

  it('follows the user’s own scrolling', async () => {
    render(<Page height={window.innerHeight * 4} />);
    await screen.findByRole('button', { name: 'Xuống cuối trang' });
    window.scrollTo(0, bottom());
    await screen.findByRole('button', { name: 'Lên đầu trang' });
  });

  it('appears when the content grows past the window', async () => {
    const { rerender } = render(<Page height={100} />);
    expect(screen.queryByRole('button')).to.equal(null);
    rerender(<Page height={window.innerHeight * 3} />);
    await screen.findByRole('button', { name: 'Xuống cuối trang' });
  });

  it('works from the keyboard: Tab reaches it, Enter presses it', async () => {
    render(<Page height={window.innerHeight * 4} />);
    const button = await screen.findByRole('button', { name: 'Xuống cuối trang' });
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).to.equal(button);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.scrollY).to.be.closeTo(bottom(), 1));
  });

  describe('on a phone (390 px wide)', () => {
    let width: PropertyDescriptor | undefined;
    beforeEach(() => {
      width = Object.getOwnPropertyDescriptor(window, 'innerWidth');
      Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
    });
    afterEach(() => {
      if (width) Object.defineProperty(window, 'innerWidth', width);
      else delete (window as { innerWidth?: number }).innerWidth;
    });

    it('does not sit on the first screen, where a list’s first row is, and takes the user back from further down', async () => {
      render(
        <HcmProvider>
          <div style={{ height: `${window.innerHeight - 60}px` }} />
          <div data-testid="first-row" style={{ height: '56px' }}>
            first row
          </div>
          <div style={{ height: `${window.innerHeight * 3}px` }} />
          <ScrollButton />
        </HcmProvider>,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      // the row's right end, where the floating button used to be, is the row itself
      const row = screen.getByTestId('first-row').getBoundingClientRect();
      const atRight = document.elementFromPoint(row.right - 30, row.top + row.height / 2);
      expect(atRight).to.equal(screen.getByTestId('first-row'));
      expect(screen.queryByRole('button')).to.equal(null);
      window.scrollTo(0, window.innerHeight + 10);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Lên đầu trang' }));
      await waitFor(() => expect(window.scrollY).to.equal(0));
      await waitFor(() => expect(screen.queryByRole('button')).to.equal(null));
    });
  });
});
