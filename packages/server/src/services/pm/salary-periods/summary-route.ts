import { DataEnvelope } from '@hcm/contracts';
import type { SalaryPeriodSummary } from '@hcm/contracts/salary-periods';
import { countDistinct, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { notFound } from '../../../http/errors.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import { payrollResultLines } from '../../payroll/tables/result-lines.ts';
import { salaryPeriodResource as resource } from './resource.ts';
import { salaryPeriods } from '../tables/salary-periods.ts';

const SummarySchema = Type.Object({
  lines: Type.Integer(),
  workers: Type.Integer(),
  components: Type.Array(
    Type.Object({ componentCode: Type.String(), lines: Type.Integer(), amount: Type.Integer() }),
  ),
});

/**
 * GET /api/pm/salary-periods/{id}/summary: what an approver approves, summed in the database
 * over the lines of the period's monthly sheets (pay periods; one partition): the lines, the
 * workers, and each component's total.
 */
export const salaryPeriodSummaryRoute: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    `${resource.basePath}/:id/summary`,
    {
      config: { auth: 'user', permission: resource.permissionFor('view'), module: resource.module },
      schema: {
        summary: `${resource.declaration.title.en}: the totals of the period's lines`,
        tags: [`${resource.declaration.service}/${resource.declaration.path}`],
        operationId: `${resource.declaration.service}.${resource.declaration.path}.summary`,
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: DataEnvelope(SummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const summary = await inResourceScope(
        db,
        resource,
        resourceScopeOf(resource, request),
        async (tx, scope): Promise<SalaryPeriodSummary> => {
          const [period] = await tx
            .select({ month: salaryPeriods.periodMonth })
            .from(salaryPeriods)
            .where(eq(salaryPeriods.id, id));
          if (!period || scope.tenantId === null) throw notFound('No such salary period');
          // its monthly sheets' lines (a year-end recomputation is its own sheet's), in the month's partition
          const sheets = sql`(select p.id from pay_periods p where p.salary_period_id = ${id}::uuid and p.kind = 'REGULAR')`;
          const lines = sql`${payrollResultLines.tenantId} = ${scope.tenantId}::uuid
            and ${payrollResultLines.periodMonth} = ${period.month}::date and ${payrollResultLines.runId} in ${sheets}`;
          const byComponent = await tx
            .select({
              componentCode: payrollResultLines.componentCode,
              lines: sql<number>`count(*)::int`,
              amount: sql<string>`coalesce(sum(${payrollResultLines.amount}), 0)::text`,
            })
            .from(payrollResultLines)
            .where(lines)
            .groupBy(payrollResultLines.componentCode)
            .orderBy(payrollResultLines.componentCode);
          const [workers] = await tx
            .select({ count: countDistinct(payrollResultLines.workerId) })
            .from(payrollResultLines)
            .where(lines);
          const components = byComponent.map((row) => ({
            componentCode: row.componentCode,
            lines: Number(row.lines),
            amount: Number(row.amount),
          }));
          return {
            lines: components.reduce((total, component) => total + component.lines, 0),
            workers: Number(workers?.count ?? 0),
            components,
          };
        },
      );
      return envelope(summary);
    },
  );
};
