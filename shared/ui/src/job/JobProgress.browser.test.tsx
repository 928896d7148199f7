import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobStatus } from '@hcm/contracts';
import { setLanguage } from '@hcm/i18n';
import { afterEach, beforeEach, describe, it } from '../../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../testing/axe.ts';
import { prepareUi, renderUi, resetUi } from '../testing/ui-fixture.tsx';
import { JobProgress, type JobApi } from './JobProgress.tsx';

const ID = '6f1c1a52-4c1e-4a43-9d4c-3f7f2f1b8a10';

const status = (over: Partial<JobStatus>): JobStatus => ({
  id: ID,
  queue: 'payroll-run',
  status: 'queued',
  progress: null,
  error: null,
  startedBy: '0b7d3d4e-7f0a-4f39-a3f7-5f1d1a2b3c4d',
  createdAt: '2026-03-01T01:00:00.000Z',
  startedAt: null,
  endedAt: null,
  ...over,
});

/**
 * The API as a script of states: each read answers the next (the last one again and again);
 * a cancel answers cancelled from then on, as the server does.
 */
function scriptedApi(states: JobStatus[]) {
  const calls = { reads: 0, cancels: 0 };
  let cancelled = false;
  const api: JobApi = {
    async read() {
      calls.reads += 1;
      if (cancelled) return status({ status: 'cancelled', progress: states.at(-1)?.progress ?? null });
      return states[Math.min(calls.reads - 1, states.length - 1)] as JobStatus;
    },
    async cancel() {
      calls.cancels += 1;
      cancelled = true;
      return status({ status: 'cancelled', progress: states.at(-1)?.progress ?? null });
    },
  };
  return { api, calls };
}

describe('JobProgress', () => {
  beforeEach(prepareUi);
  afterEach(resetUi);

  it('is a named progressbar with its value, follows the job to its end, and says it once', async () => {
    const { api, calls } = scriptedApi([
      status({ status: 'queued' }),
      status({ status: 'running', progress: { done: 250, total: 1000, message: '250 workers' } }),
      status({ status: 'running', progress: { done: 750, total: 1000 } }),
      status({ status: 'completed', progress: { done: 1000, total: 1000 } }),
    ]);
    const ended: JobStatus[] = [];
    renderUi(
      <JobProgress jobId={ID} label="Tính công tháng 3" pollMs={1} api={api} onEnd={(s) => ended.push(s)} />,
    );

    const bar = await screen.findByRole('progressbar', { name: 'Tính công tháng 3' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).to.equal('1'));
    expect(bar.getAttribute('aria-valuemax')).to.equal('1');
    expect(screen.queryByText(/Đã xong · 1\.000\/1\.000/)).to.not.equal(null);
    expect(ended.map((s) => s.status)).to.deep.equal(['completed']);
    const readsAtEnd = calls.reads;
    expect(readsAtEnd).to.equal(4);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);
  });

  it('shows the running share, and a cancel that stops the job and the asking', async () => {
    await setLanguage('en');
    const { api, calls } = scriptedApi([
      status({ status: 'running', progress: { done: 1, total: 4, message: 'tenant 1' } }),
    ]);
    const ended: JobStatus[] = [];
    renderUi(
      <JobProgress
        jobId={ID}
        label="Date sweep"
        pollMs={1}
        cancellable
        api={api}
        onEnd={(s) => ended.push(s)}
      />,
    );
    const bar = await screen.findByRole('progressbar', { name: 'Date sweep' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).to.equal('0.25'));
    expect(screen.queryByText('Running · 1 of 4 · tenant 1')).to.not.equal(null);
    expect(await accessibilityViolations(document.body)).to.deep.equal([]);

    await userEvent.click(screen.getByRole('button', { name: 'Stop the job' }));
    await screen.findByText(/^Cancelled/);
    await waitFor(() => expect(ended.map((s) => s.status)).to.deep.equal(['cancelled']));
    expect(calls.cancels).to.equal(1);
    expect(screen.queryByRole('button', { name: 'Stop the job' })).to.equal(null);
  });

  it('shows a failure as an error, with the reason', async () => {
    const { api } = scriptedApi([status({ status: 'failed', error: 'the period is closed' })]);
    renderUi(<JobProgress jobId={ID} label="Tính lương" pollMs={1} api={api} />);
    await screen.findByText('Không thành công · the period is closed');
    const bar = screen.getByRole('progressbar', { name: 'Tính lương' });
    expect(bar.hasAttribute('aria-valuenow')).to.equal(false);
  });
});
