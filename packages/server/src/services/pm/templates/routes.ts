import { DataEnvelope, FieldError } from '@hcm/contracts';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { notFound } from '../../../http/errors.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import type { PmDeps } from '../index.ts';
import { payrollTemplateResource as resource } from './resource.ts';
import { resolveTemplate } from './resolve-template.ts';

const ISO_DATE = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

const Match = Type.Object({
  id: Type.String({ format: 'uuid' }),
  code: Type.String(),
  name: Type.String(),
  dimensions: Type.Integer({ minimum: 0, maximum: 3 }),
  unitDistance: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  contractTypeNamed: Type.Boolean(),
  subjectOfLaborNamed: Type.Boolean(),
});

const Resolution = Type.Object({
  workerId: Type.String({ format: 'uuid' }),
  date: Type.String(),
  organizationUnitId: Type.String({ format: 'uuid' }),
  subjectOfLaborId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  contractTypeId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  template: Type.Union([Match, Type.Null()]),
  candidates: Type.Array(Match),
  tie: Type.Boolean(),
});

const Check = Type.Object({
  id: Type.String({ format: 'uuid' }),
  code: Type.String(),
  version: Type.Integer(),
  fingerprint: Type.String(),
  ok: Type.Boolean(),
  errors: Type.Array(FieldError),
  order: Type.Array(Type.String()),
  payslip: Type.Array(
    Type.Object({
      title: Type.Object({ vi: Type.String(), en: Type.String() }),
      components: Type.Array(Type.String()),
    }),
  ),
});

const tags = [`${resource.declaration.service}/${resource.declaration.path}`];
const operation = (name: string) => `${resource.declaration.service}.${resource.declaration.path}.${name}`;
const view = { auth: 'user' as const, permission: resource.permissionFor('view'), module: resource.module };

/**
 * GET /api/pm/payroll-templates/resolve?workerId=&date=: which ACTIVE template applies to a
 * worker on a date, the most specific of those that match (resolve-template.ts). GET
 * /api/pm/payroll-templates/{id}/check: the template as a run compiles it (the compiled-template
 * cache: each component checked against today's catalogue), its computation order and payslip
 * groups, or what keeps it from computing (a parameter a formula reads was removed since).
 */
export const payrollTemplateRoutes: FastifyPluginAsync<{ deps: PmDeps }> = async (app, { deps }) => {
  app.get(
    `${resource.basePath}/resolve`,
    {
      config: view,
      schema: {
        summary: `${resource.declaration.title.en}: the template that applies to a worker on a date`,
        tags,
        operationId: operation('resolve'),
        querystring: Type.Object(
          {
            workerId: Type.String({ format: 'uuid' }),
            date: Type.String({ pattern: ISO_DATE, description: 'YYYY-MM-DD' }),
          },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(Resolution), ...errorResponses },
      },
    },
    async (request) => {
      const { workerId, date } = request.query as { workerId: string; date: string };
      return envelope(
        await inResourceScope(deps.db, resource, resourceScopeOf(resource, request), (tx) =>
          resolveTemplate(tx, workerId, date),
        ),
      );
    },
  );

  app.get(
    `${resource.basePath}/:id/check`,
    {
      config: view,
      schema: {
        summary: `${resource.declaration.title.en}: the template checked and compiled as a run takes it`,
        tags,
        operationId: operation('check'),
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
        response: { 200: DataEnvelope(Check), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const scope = resourceScopeOf(resource, request);
      const template = await inResourceScope(deps.db, resource, scope, (tx) =>
        deps.templates.template(tx, scope.tenantId as string, id),
      );
      if (!template) throw notFound('No such payroll template');
      return envelope({
        id: template.templateId,
        code: template.code,
        version: template.version,
        fingerprint: template.fingerprint,
        ok: template.compiled !== null,
        errors: [...template.errors],
        order: [...template.order],
        payslip: template.payslip.map((group) => ({ title: group.title, components: [...group.components] })),
      });
    },
  );
};
