import { DataEnvelope, ForbiddenReasons } from '@hcm/contracts';
import {
  PayrollVariableCatalogue,
  PayrollVariablePaths,
  PayrollVariableQuery,
  type PayrollVariableCatalogue as Catalogue,
} from '@hcm/contracts/payroll-variables';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { forbiddenBecause } from '../../../http/errors.ts';
import { todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { loadCatalogue } from './catalogue.ts';
import { VARIABLE_GROUPS, VariableGroupLabels } from './declared.ts';

/**
 * GET /api/pm/payroll-variables?date=: the tenant's catalogue for the formula editor (docs/
 * payroll-variables.md): who may write a component's formula reads it (salary_composition.view),
 * and so may who configures payroll.
 */
export const payrollVariableRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    PayrollVariablePaths.catalogue,
    {
      config: { auth: 'user', permission: 'salary_composition.view', module: 'PM' },
      schema: {
        summary: 'Payroll variables: every name a formula may use on a date, and the lookup tables',
        tags: ['pm/payroll-variables'],
        operationId: 'pm.payroll-variables',
        querystring: PayrollVariableQuery,
        response: { 200: DataEnvelope(PayrollVariableCatalogue), ...errorResponses },
      },
    },
    async (request) => {
      const { date = todayInVietnam() } = request.query as { date?: string };
      const scope = callerScope(request);
      const tenantId = scope.tenantId;
      if (tenantId === null)
        throw forbiddenBecause(
          ForbiddenReasons.tenantOnly,
          'Payroll belongs to a tenant: sign in as a tenant user',
        );
      const catalogue = await runAsCaller(db, request, (tx) => loadCatalogue(tx, tenantId, date));
      const answer: Catalogue = {
        date,
        groups: VARIABLE_GROUPS.map((code) => ({ code, label: VariableGroupLabels[code] })),
        variables: catalogue.variableList.map((variable) => ({
          code: variable.code,
          type: variable.type,
          label: variable.label,
          group: variable.group,
          description: variable.description,
          ...(variable.unit === undefined ? {} : { unit: variable.unit }),
        })),
        tables: catalogue.tableList.map((table) => ({
          code: table.code,
          kind: table.kind,
          keyType: table.keyType,
          columns: table.columns.map((column) => ({
            code: column.code,
            type: column.type,
            label: column.label ?? {
              key: `payrollTable.column.${column.code}`,
              vi: column.code,
              en: column.code,
            },
          })),
          label: table.label,
          derived: table.derived,
        })),
      };
      return envelope(answer);
    },
  );
};
