import { wallClock } from '../../../clock.ts';
import type { PmRoutes } from '../index.ts';
import { registerComputeJob } from './compute-job.ts';
import { payrollSources } from './payroll-sources.ts';
import { payPeriodRoutes } from './routes.ts';

export { payPeriodResource } from './resource.ts';

/**
 * The pay periods' part of the payroll service (docs/payroll-periods.md): its routes beyond the
 * record engine's, and the computation's job worker, both over the service's compiled templates.
 */
export const payPeriodPart: PmRoutes = async (app, { deps }) => {
  const sources = payrollSources(deps.templates);
  await app.register(payPeriodRoutes, {
    deps: { db: deps.db, queue: deps.queue, sources, ...(deps.clock ? { clock: deps.clock } : {}) },
  });
  await registerComputeJob(deps.queue, { db: deps.db, sources, now: deps.clock ?? wallClock });
};
