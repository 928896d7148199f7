/**
 * What one server process does (docs/jobs.md "What runs where"): `all`, the default, answers
 * requests and runs the job queue's workers and schedules, as one process on the embedded
 * database must; `api` answers requests and only adds jobs; `worker` runs jobs and schedules
 * and answers no request. Chosen by HCM_PROCESS_ROLE or `--role=` on the command line.
 */
export const ProcessRoles = ['all', 'api', 'worker'] as const;
export type ProcessRole = (typeof ProcessRoles)[number];

export const isProcessRole = (value: string): value is ProcessRole =>
  (ProcessRoles as readonly string[]).includes(value);

/** Whether the process takes jobs from the queue and keeps the schedules' clock. */
export const runsJobs = (role: ProcessRole): boolean => role !== 'api';

/** Whether the process listens for HTTP requests. */
export const servesRequests = (role: ProcessRole): boolean => role !== 'worker';

/** The `--role=<role>` argument, if given (it wins over HCM_PROCESS_ROLE). */
export function roleArgument(argv: readonly string[]): string | undefined {
  const argument = argv.find((arg) => arg.startsWith('--role='));
  return argument?.slice('--role='.length);
}
