import { FinalJobStatuses, JobPaths, type JobStatus } from '@hcm/contracts';
import { http } from '@hcm/session';
import { Button, Field, ProgressBar, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useUiTranslation } from '../i18n/ui-i18n.ts';

/** How the component reads a job and asks it to stop: the API by default, a fake in tests. */
export interface JobApi {
  read(id: string): Promise<JobStatus>;
  cancel(id: string): Promise<JobStatus>;
}

const pathOf = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));

/** The portal's API through the shared client (`GET /api/system/jobs/{id}`, `POST …/cancel`). */
export const jobApi: JobApi = {
  read: async (id) => (await http.get<{ data: JobStatus }>(pathOf(JobPaths.status, id))).data.data,
  cancel: async (id) => (await http.post<{ data: JobStatus }>(pathOf(JobPaths.cancel, id))).data.data,
};

export interface JobProgressProps {
  /** the job a call of the API started */
  jobId: string;
  /** what the job does, shown above the bar and its accessible name ("Tính lương tháng 3") */
  label: string;
  /** how often the status is asked while the job has not ended (default 1 s) */
  pollMs?: number;
  /** shows a button that cancels the job while it has not ended */
  cancellable?: boolean;
  /** once, when the job ends (completed, failed or cancelled) */
  onEnd?: (status: JobStatus) => void;
  api?: JobApi;
}

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  bar: { flexGrow: 1 },
});

/** done/total, or undefined (an indeterminate bar) while the total is unknown or nothing ran yet. */
function fractionOf(status: JobStatus | undefined): number | undefined {
  if (status?.status === 'completed') return 1;
  const progress = status?.progress;
  if (!progress || progress.total === undefined || progress.total === 0) return undefined;
  return Math.min(1, progress.done / progress.total);
}

/**
 * A long job's progress bar (docs/jobs.md): Fluent's ProgressBar inside a Field, so it is a
 * `progressbar` named by `label`, with its value; the status and counts are its hint. It asks
 * the job's status until the job ends, then calls onEnd once and stops asking.
 */
export function JobProgress({
  jobId,
  label,
  pollMs = 1000,
  cancellable = false,
  onEnd,
  api = jobApi,
}: JobProgressProps) {
  const { t } = useUiTranslation();
  const styles = useStyles();
  const [status, setStatus] = useState<JobStatus>();
  const [cancelling, setCancelling] = useState(false);
  const ended = status !== undefined && FinalJobStatuses.includes(status.status);
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  }, [onEnd]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const next = await api.read(jobId);
        if (stopped) return;
        setStatus(next);
        if (FinalJobStatuses.includes(next.status)) {
          onEndRef.current?.(next);
          return;
        }
      } catch {
        // the shared client has told the user; ask again at the next turn
        if (stopped) return;
      }
      timer = setTimeout(() => void ask(), pollMs);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, jobId, pollMs]);

  const cancel = async () => {
    setCancelling(true);
    try {
      setStatus(await api.cancel(jobId));
    } catch {
      setCancelling(false);
    }
  };

  const progress = status?.progress;
  const counts =
    progress?.total !== undefined
      ? t('job.progress', { done: progress.done, total: progress.total })
      : undefined;
  const hint = [
    status ? t(`job.${status.status}`) : t('job.queued'),
    counts,
    progress?.message,
    status?.error,
  ]
    .filter(Boolean)
    .join(' · ');
  const value = fractionOf(status);

  return (
    <div className={styles.row}>
      <Field
        className={styles.bar}
        label={label}
        hint={hint}
        validationState={status?.status === 'failed' ? 'error' : 'none'}
      >
        <ProgressBar value={value} max={1} thickness="large" />
      </Field>
      {cancellable && !ended ? (
        <Button onClick={() => void cancel()} disabled={cancelling}>
          {t('job.cancel')}
        </Button>
      ) : null}
    </div>
  );
}
