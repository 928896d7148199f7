import { sql } from 'drizzle-orm';
import { workers } from '../tables/workers.ts';
import type { AssigneeRules } from '../../../resources/approval/index.ts';

/**
 * A workflow step assigned to a job position or a job title is held by the users whose employee
 * record has it: the organisation module's rows, given to the approval engine as rules.
 */
export const jobAssignees: AssigneeRules = {
  JOB_POSITION: (userId, positionId) =>
    sql`exists (select 1 from ${workers} where ${workers.userId} = ${userId} and ${workers.jobPositionId} = ${positionId})`,
  JOB_TITLE: (userId, titleId) =>
    sql`exists (select 1 from ${workers} where ${workers.userId} = ${userId} and ${workers.jobTitleId} = ${titleId})`,
};
