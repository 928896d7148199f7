/** pg-boss keeps its tables in a schema of their own, beside the application's. */
export const JOBS_SCHEMA = 'hcm_jobs';
