import { sql } from 'drizzle-orm';
import { userRoles } from '../../../db/schema.ts';
import type { AssigneeRules } from '../../../resources/approval/index.ts';

/** A workflow step assigned to a role is held by the users who hold the role (IAM's own rows). */
export const roleAssignees: AssigneeRules = {
  ROLE: (userId, roleId) =>
    sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.roleId} = ${roleId})`,
};
