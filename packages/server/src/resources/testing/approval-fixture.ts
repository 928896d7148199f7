import type { WorkflowAssignmentBody } from '@hcm/contracts/approvals';
import { sql } from 'drizzle-orm';
import type { Engine } from '../../db/database.ts';
import { inScope } from '../../db/tenant-scope.ts';
import { categoryResources } from '../../services/om/categories/category-resources.ts';
import { organizationUnitResource } from '../../services/om/organization-units/resources.ts';
import { displacementResource } from '../../services/om/personnel-changes/resources.ts';
import { workerResource } from '../../services/om/workers/resources.ts';
import { workflowTemplateResource } from '../../services/system/workflow-templates/resources.ts';
import { accessTokenFor, makeUser } from '../../testing/factories.ts';
import { startResourceTestKit, type ResourceTestKit } from './kit.ts';

/** A user of the story's tenant and the token they call with. */
export interface Person {
  userId: string;
  token: string;
}

export type Saved = {
  id: string;
  version: number;
  approvalStatus: string;
  appliedAt: string | null;
} & Record<string, unknown>;

/** The approval permissions of position assignments, the story's record. */
export const DISPLACEMENT_APPROVAL = [
  'displacement.request-approval',
  'displacement.cancel-approval',
  'displacement.approve',
  'displacement.reject',
];

export interface ApprovalStory {
  kit: ResourceTestKit;
  tenantId: string;
  /** writes the decisions and requests their approval (every displacement permission) */
  hr: Person;
  /** holds the role of the workflow's first step (view, approve, reject) */
  manager: Person;
  /** the employee account with the job title of its second step (view, approve, reject) */
  director: Person;
  /** holds every displacement permission but is assigned nothing */
  other: Person;
  ids: {
    sales: string;
    finance: string;
    managerRole: string;
    directorTitle: string;
    worker: string;
    template: string;
  };
  /** the two-step assignment: manager, then director */
  assignment(template?: string): WorkflowAssignmentBody;
  /** a NEW position assignment moving the worker from Sales to Finance (effective in the past) */
  displacement(extra?: Record<string, unknown>): Promise<Saved>;
  post<T = { data: Saved }>(
    who: Person,
    path: string,
    body: unknown,
  ): Promise<{ status: number; body: T & { code?: string; message?: string } }>;
  get<T>(who: Person, path: string): Promise<{ status: number; body: T }>;
  /** a workflow template of the tenant for position assignments */
  template(input: {
    code: string;
    steps: unknown[];
    loopTime?: number;
    notificationDuration?: number;
  }): Promise<string>;
}

const MINUTE = 60_000;

/** The data of a 200 answer; anything else throws with the answer (the fixture serves benches too: no vitest here). */
function succeeded<T>(res: { status: number; body: { data: T } }): T {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * Issue 13's story, set up once: a tenant with HR, a manager (by role), a director (by job
 * title, through their employee record), an outsider and root; an employee in Sales; and a
 * two-step workflow template for position assignments (the manager within an hour, then the
 * director within two; reminders 10 minutes before, repeated every 30).
 */
export async function startApprovalStory(
  engine: Engine,
  env: Record<string, string> = {},
): Promise<ApprovalStory> {
  const kit = await startResourceTestKit(engine, { env: { JOB_POLL_SECONDS: '1', ...env } });
  const resources = [
    displacementResource,
    workerResource,
    organizationUnitResource,
    workflowTemplateResource,
    ...categoryResources,
  ];
  const hrCaller = await kit.caller(resources, ['action_log.view', ...DISPLACEMENT_APPROVAL]);
  const tenantId = hrCaller.tenantId;
  const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
  const person = async (permissions: string[], fullName: string) => {
    const made = await makeUser(deps, { tenantId, fullName, permissions });
    return { made, who: { userId: made.user.id, token: await accessTokenFor(kit.server.db.orm, made.user) } };
  };
  const approver = ['displacement.view', 'displacement.approve', 'displacement.reject'];
  const manager = await person(approver, 'Trần Trưởng Phòng');
  const director = await person(approver, 'Lê Giám Đốc');
  const other = await person(
    ['view', 'create', 'update', 'delete', 'export']
      .map((a) => `displacement.${a}`)
      .concat(DISPLACEMENT_APPROVAL),
    'Ngô Người Khác',
  );
  const hr = { userId: hrCaller.userId, token: hrCaller.token };

  const post: ApprovalStory['post'] = async (who, path, body) => kit.http.post(path, body, who.token);
  const get: ApprovalStory['get'] = async (who, path) => kit.http.get(path, who.token);
  const make = async (path: string, body: Record<string, unknown>) => {
    const res = await post<{ data: { id: string } }>(hr, path, body);
    return succeeded(res).id;
  };
  const unit = (code: string, name: string) =>
    make('/api/om/organization-units', { code, name, typeCode: 'PHONG' });
  const sales = await unit('PHONG_KD', 'Phòng Kinh doanh');
  const finance = await unit('PHONG_TC', 'Phòng Tài chính');
  const directorTitle = await make('/api/om/job-titles', { code: 'GIAM_DOC', name: 'Giám đốc' });
  const worker = await make('/api/om/workers', {
    code: 'NV0001',
    fullName: 'Phạm Thu Hà',
    gender: 'FEMALE',
    organizationUnitId: sales,
  });
  const directorWorker = await make('/api/om/workers', {
    code: 'GD0001',
    fullName: 'Lê Giám Đốc',
    gender: 'MALE',
    organizationUnitId: sales,
    jobTitleId: directorTitle,
  });
  await inScope(kit.server.db.orm, { tenantId, userId: null }, (tx) =>
    tx.execute(sql`update workers set user_id = ${director.who.userId} where id = ${directorWorker}`),
  );
  const managerRole = manager.made.role?.id as string;

  const template: ApprovalStory['template'] = (input) =>
    make('/api/system/workflow-templates', {
      code: input.code,
      name: `Quy trình ${input.code}`,
      workflowTemplateTypes: ['DISPLACEMENT'],
      ...(input.loopTime ? { loopTime: input.loopTime } : {}),
      ...(input.notificationDuration ? { notificationDuration: input.notificationDuration } : {}),
      steps: input.steps,
    });
  const templateId = await template({
    code: 'QT_DIEU_DONG',
    loopTime: 30 * MINUTE,
    notificationDuration: 10 * MINUTE,
    steps: [
      {
        name: 'Trưởng phòng duyệt',
        assignmentType: 'ROLE',
        assignmentId: managerRole,
        slaAmount: 60,
        slaUnit: 'MINUTES',
      },
      {
        name: 'Giám đốc duyệt',
        assignmentType: 'JOB_TITLE',
        assignmentId: directorTitle,
        slaAmount: 2,
        slaUnit: 'HOURS',
      },
    ],
  });

  let serial = 0;
  return {
    kit,
    tenantId,
    hr,
    manager: manager.who,
    director: director.who,
    other: other.who,
    ids: { sales, finance, managerRole, directorTitle, worker, template: templateId },
    assignment: (id = templateId) => ({
      workflowTemplateId: id,
      steps: [
        { workFlowStepTemplateId: `${id}#1`, assigneeUserId: manager.who.userId },
        { workFlowStepTemplateId: `${id}#2`, assigneeUserId: director.who.userId },
      ],
    }),
    async displacement(extra = {}) {
      const res = await post(hr, '/api/om/displacements', {
        workerId: worker,
        decisionNumber: `${++serial}/2026/QĐ-DD`,
        effectiveDate: '2026-01-15',
        toUnitId: finance,
        ...extra,
      });
      return succeeded(res);
    },
    post,
    get,
    template,
  };
}
