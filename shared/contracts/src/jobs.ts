import Type from 'typebox';

/**
 * Long background work a user started (a payroll run, an import, a sweep run by hand), as the
 * API reports it: `GET JobPaths.status` while it runs, `POST JobPaths.cancel` to stop it
 * (docs/jobs.md). The browser's progress bar (@hcm/ui JobProgress) reads the same shape.
 */
export const JobStatuses = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobStatusName = (typeof JobStatuses)[number];

/** The statuses after which a job changes no more: a page stops asking. */
export const FinalJobStatuses: readonly JobStatusName[] = ['completed', 'failed', 'cancelled'];

export const JobPaths = {
  /** GET: the job's status and progress; 404 for a job of another tenant or user */
  status: '/api/system/jobs/:id',
  /** POST: a queued job never starts; a running one stops at its next chunk */
  cancel: '/api/system/jobs/:id/cancel',
} as const;

export const JobProgressReport = Type.Object({
  /** units of work done so far (rows, workers, tenants: the job says which in `message`) */
  done: Type.Integer({ minimum: 0 }),
  /** the units of the whole job; absent while unknown */
  total: Type.Optional(Type.Integer({ minimum: 0 })),
  message: Type.Optional(Type.String({ maxLength: 500 })),
});
export type JobProgressReport = Type.Static<typeof JobProgressReport>;

export const JobStatus = Type.Object({
  id: Type.String({ format: 'uuid' }),
  /** the queue: what kind of work it is */
  queue: Type.String(),
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('completed'),
    Type.Literal('failed'),
    Type.Literal('cancelled'),
  ]),
  progress: Type.Union([JobProgressReport, Type.Null()]),
  /** why it failed, in English for logs and API callers; null unless failed */
  error: Type.Union([Type.String(), Type.Null()]),
  startedBy: Type.String({ format: 'uuid' }),
  createdAt: Type.String({ format: 'date-time' }),
  startedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  endedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type JobStatus = Type.Static<typeof JobStatus>;
