import type { TemplateMatch, TemplateResolution } from '@hcm/contracts/payroll-templates';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { notFound } from '../../../http/errors.ts';
import { workers } from '../../om/tables/workers.ts';
import {
  payrollTemplateContractTypes,
  payrollTemplates,
  payrollTemplateSubjects,
  payrollTemplateUnits,
} from '../tables/payroll-templates.ts';

/** What a worker is matched on, on a date. */
export interface WorkerApplicability {
  readonly workerId: string;
  readonly organizationUnitId: string;
  readonly subjectOfLaborId: string | null;
  /** the type of the latest APPROVED main contract in force that day; null when none is */
  readonly contractTypeId: string | null;
  /** the worker's unit first (depth 0), then each unit above it with its depth */
  readonly unitDepths: ReadonlyMap<string, number>;
}

/** A template's applicability as stored: empty lists mean every one. */
export interface TemplateScope {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly units: readonly { readonly organizationUnitId: string; readonly includeSubUnits: boolean }[];
  readonly subjectsOfLabor: readonly string[];
  readonly contractTypes: readonly string[];
}

/**
 * How a template matches the worker, or null when it does not: a named unit must be the
 * worker's own, or above it with "with the units below"; a named subject of labour or contract
 * type must be the worker's (a worker with none matches only a template that names none).
 */
export function matchTemplate(template: TemplateScope, worker: WorkerApplicability): TemplateMatch | null {
  let unitDistance: number | null = null;
  if (template.units.length > 0) {
    for (const unit of template.units) {
      const depth = worker.unitDepths.get(unit.organizationUnitId);
      if (depth === undefined || (depth > 0 && !unit.includeSubUnits)) continue;
      if (unitDistance === null || depth < unitDistance) unitDistance = depth;
    }
    if (unitDistance === null) return null;
  }
  const subjectOfLaborNamed = template.subjectsOfLabor.length > 0;
  if (
    subjectOfLaborNamed &&
    (worker.subjectOfLaborId === null || !template.subjectsOfLabor.includes(worker.subjectOfLaborId))
  )
    return null;
  const contractTypeNamed = template.contractTypes.length > 0;
  if (
    contractTypeNamed &&
    (worker.contractTypeId === null || !template.contractTypes.includes(worker.contractTypeId))
  )
    return null;
  return {
    id: template.id,
    code: template.code,
    name: template.name,
    dimensions:
      (template.units.length > 0 ? 1 : 0) + (subjectOfLaborNamed ? 1 : 0) + (contractTypeNamed ? 1 : 0),
    unitDistance,
    contractTypeNamed,
    subjectOfLaborNamed,
  };
}

/**
 * The most specific first (docs/payroll-templates.md, "Which template applies"): more of the
 * three lists named; then the nearer named unit (the worker's own before its parent's, any named
 * unit before none); then a named contract type; then a named subject of labour; then the code.
 */
export function bySpecificity(a: TemplateMatch, b: TemplateMatch): number {
  return (
    b.dimensions - a.dimensions ||
    (a.unitDistance ?? Number.MAX_SAFE_INTEGER) - (b.unitDistance ?? Number.MAX_SAFE_INTEGER) ||
    Number(b.contractTypeNamed) - Number(a.contractTypeNamed) ||
    Number(b.subjectOfLaborNamed) - Number(a.subjectOfLaborNamed) ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
  );
}

/** Equally specific: only the code tells them apart. */
const equallySpecific = (a: TemplateMatch, b: TemplateMatch) =>
  a.dimensions === b.dimensions &&
  a.unitDistance === b.unitDistance &&
  a.contractTypeNamed === b.contractTypeNamed &&
  a.subjectOfLaborNamed === b.subjectOfLaborNamed;

/** The worker's unit chain, subject of labour and contract type on `date` (404: no such worker). */
export async function workerApplicability(
  tx: Tx,
  workerId: string,
  date: string,
): Promise<WorkerApplicability> {
  const [worker] = await tx
    .select({ unit: workers.organizationUnitId, subject: workers.subjectOfLaborId })
    .from(workers)
    .where(eq(workers.id, workerId));
  if (!worker) throw notFound('No such worker');
  const chain = (await tx.execute(sql`
    with recursive chain(id, parent, depth) as (
      select id, parent_id, 0 from organization_units where id = ${worker.unit}::uuid
      union all
      select u.id, u.parent_id, c.depth + 1 from chain c join organization_units u on u.id = c.parent
      where c.depth < 1000
    ) select id, depth from chain`)) as unknown as { rows: { id: string; depth: number }[] };
  // the latest APPROVED main contract (no parent) in force that day, as the payroll reads it
  const contract = (await tx.execute(sql`
    select contract_type_id as type from labor_contracts
     where worker_id = ${workerId}::uuid and parent_contract_id is null and approval_status = 'APPROVED'
       and effective_date <= ${date}::date and (expiry_date is null or expiry_date >= ${date}::date)
     order by effective_date desc, signing_date desc, created_at desc limit 1`)) as unknown as {
    rows: { type: string }[];
  };
  return {
    workerId,
    organizationUnitId: worker.unit,
    subjectOfLaborId: worker.subject,
    contractTypeId: contract.rows[0]?.type ?? null,
    unitDepths: new Map(chain.rows.map((row) => [row.id, Number(row.depth)])),
  };
}

/** The ACTIVE templates of the caller's tenant with their applicability: four statements. */
export async function activeTemplateScopes(tx: Tx): Promise<TemplateScope[]> {
  const templates = await tx
    .select({ id: payrollTemplates.id, code: payrollTemplates.code, name: payrollTemplates.name })
    .from(payrollTemplates)
    .where(eq(payrollTemplates.status, 'ACTIVE'))
    .orderBy(asc(payrollTemplates.code));
  const active = sql`(select id from payroll_templates where status = 'ACTIVE')`;
  const units = await tx
    .select({
      templateId: payrollTemplateUnits.templateId,
      organizationUnitId: payrollTemplateUnits.organizationUnitId,
      includeSubUnits: payrollTemplateUnits.includeSubUnits,
    })
    .from(payrollTemplateUnits)
    .where(sql`${payrollTemplateUnits.templateId} in ${active}`);
  const subjects = await tx
    .select({ templateId: payrollTemplateSubjects.templateId, id: payrollTemplateSubjects.subjectOfLaborId })
    .from(payrollTemplateSubjects)
    .where(and(sql`${payrollTemplateSubjects.templateId} in ${active}`));
  const types = await tx
    .select({
      templateId: payrollTemplateContractTypes.templateId,
      id: payrollTemplateContractTypes.contractTypeId,
    })
    .from(payrollTemplateContractTypes)
    .where(sql`${payrollTemplateContractTypes.templateId} in ${active}`);
  const of = <T extends { templateId: string }>(rows: readonly T[], id: string) =>
    rows.filter((row) => row.templateId === id);
  return templates.map((template) => ({
    ...template,
    units: of(units, template.id).map((unit) => ({
      organizationUnitId: unit.organizationUnitId,
      includeSubUnits: unit.includeSubUnits === true,
    })),
    subjectsOfLabor: of(subjects, template.id).map((row) => row.id),
    contractTypes: of(types, template.id).map((row) => row.id),
  }));
}

/** Which ACTIVE template applies to the worker on the date (docs: "Which template applies"). */
export async function resolveTemplate(tx: Tx, workerId: string, date: string): Promise<TemplateResolution> {
  const worker = await workerApplicability(tx, workerId, date);
  const candidates = (await activeTemplateScopes(tx))
    .map((template) => matchTemplate(template, worker))
    .filter((match): match is TemplateMatch => match !== null)
    .sort(bySpecificity);
  const [best, second] = candidates;
  return {
    workerId,
    date,
    organizationUnitId: worker.organizationUnitId,
    subjectOfLaborId: worker.subjectOfLaborId,
    contractTypeId: worker.contractTypeId,
    template: best ?? null,
    candidates,
    tie: best !== undefined && second !== undefined && equallySpecific(best, second),
  };
}
