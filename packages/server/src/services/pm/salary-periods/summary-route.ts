import { DataEnvelope } from '@hcm/contracts';
import type { SalaryPeriodSummary } from '@hcm/contracts/salary-periods';
import { and, countDistinct, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { sumOverPeriod } from '../../../bulk/index.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { notFound } from '../../../http/errors.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import { payrollResultLines, resultLineStore } from '../../payroll/tables/result-lines.ts';
import { salaryPeriodResource as resource } from './resource.ts';
import { salaryPeriods } from '../tables/salary-periods.ts';

const SummarySchema = Type.Object({
  lines: Type.Integer(),
  workers: Type.Integer(),
  components: Type.Array(
    Type.Object({ componentCode: Type.String(), lines: Type.Integer(), amount: Type.Integer() }),
  ),
});

/** The month after `month` (yyyy-MM-01): the end of the period's one partition. */
const nextMonth = (month: string): string => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
};

/**
 * GET /api/pm/salary-periods/{id}/summary: what an approver approves, summed in the database
 * over the period's lines (one partition): the lines, the workers, and each component's total.
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
          const range = { from: period.month, to: nextMonth(period.month) };
          const byComponent = await sumOverPeriod(tx, resultLineStore, {
            tenantId: scope.tenantId,
            period: range,
            equals: { runId: id },
            sums: ['amount'],
            groupBy: ['componentCode'],
          });
          const [workers] = await tx
            .select({ count: countDistinct(payrollResultLines.workerId) })
            .from(payrollResultLines)
            .where(
              and(
                eq(payrollResultLines.tenantId, scope.tenantId),
                eq(payrollResultLines.periodMonth, period.month),
                eq(payrollResultLines.runId, id),
              ),
            );
          const components = byComponent.map((row) => ({
            componentCode: row.group.componentCode ?? '',
            lines: row.count,
            amount: Number(row.sums.amount),
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
