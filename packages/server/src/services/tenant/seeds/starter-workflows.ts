import { AssignmentType, WorkflowTemplateTypes } from '@hcm/contracts/settings';
import { permissionCodesForLevel } from '@hcm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { roles } from '../../../db/schema.ts';
import { HR_ADMIN_ROLE } from '../../../bootstrap/seed-initial-data.ts';
import { createRole } from '../../iam/roles/create-role.ts';
import { workflowTemplateResource } from '../../system/workflow-templates/resources.ts';
import { checkStarterRows, writeSeedRows, type StarterSeed } from './tenant-seeds.ts';

/** The code of the default template of a record kind: DEFAULT_REWARD, DEFAULT_CONTRACT, … */
export const defaultWorkflowCode = (kind: string) => `DEFAULT_${kind}`;

/**
 * A default step's deadline: two working days, what a Vietnamese office gives a decision to be
 * signed (the engine skips the tenant's weekends and holidays).
 */
export const DEFAULT_STEP_DEADLINE = { slaAmount: 2, slaUnit: 'WORKING_DAYS' } as const;

/**
 * The tenant's administrator role (HR_ADMIN, built in, every tenant-level permission), made
 * here when the tenant has none yet: the default workflows are assigned to it, and the first
 * administrator (system/tenants/tenant-administrator.ts) or the demo's is then given it.
 */
export async function tenantAdministratorRole(tx: Tx, tenantId: string): Promise<{ id: string }> {
  const [existing] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, HR_ADMIN_ROLE.code)));
  if (existing) return existing;
  return createRole(tx, { tenantId, ...HR_ADMIN_ROLE, permissions: permissionCodesForLevel('TENANT') });
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * One ACTIVE one-step template per approvable record kind (WorkflowTemplateTypes), assigned to
 * the administrator role: "Gửi duyệt" then has exactly one template of the record's kind, which
 * the form chooses by itself. Ordinary tenant data: HR renames, edits or replaces them.
 */
export const starterWorkflows: StarterSeed = {
  name: 'workflows',
  async seed(tx, tenantId) {
    const role = await tenantAdministratorRole(tx, tenantId);
    const rows = Object.entries(WorkflowTemplateTypes).map(([kind, { vi }]) => ({
      code: defaultWorkflowCode(kind),
      name: `Duyệt ${lowerFirst(vi)}`,
      workflowTemplateTypes: [kind],
      steps: [
        {
          name: 'Quản trị nhân sự duyệt',
          assignmentType: AssignmentType.role,
          assignmentId: role.id,
          ...DEFAULT_STEP_DEADLINE,
        },
      ],
    }));
    const checked = checkStarterRows('workflows', workflowTemplateResource, rows);
    return {
      [workflowTemplateResource.name]: await writeSeedRows(tx, tenantId, workflowTemplateResource, checked),
    };
  },
};
