import { DataEnvelope, FieldErrorKeys } from '@hcm/contracts';
import { ShiftChangeRequestPaths, type ShiftOnDay } from '@hcm/contracts/shift-change-requests';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { validationFailed } from '../../../http/errors.ts';
import { inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import type { TmDeps } from '../index.ts';
import { workShifts } from '../work-shifts/tables.ts';
import { shiftChangeRequestResource as resource } from './resource.ts';
import { reaches, shiftOn } from './rules.ts';

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const isDate = (day: string) =>
  !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

const ShiftOnDaySchema = Type.Object({
  workerId: Type.String(),
  date: Type.String(),
  workShift: Type.Union([
    Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() }),
    Type.Null(),
  ]),
});

/**
 * The form's question (docs/shift-change-requests.md): the shift the approved work calendars give
 * a worker on a day, as the server resolves it when the request is saved, so the person filing
 * sees each named worker's shift before sending. Only for an employee the caller's data scope
 * reaches (400 on workerId otherwise, as a request for them would be).
 */
export const shiftOnDayRoute: FastifyPluginAsync<{ deps: TmDeps }> = async (app, { deps }) => {
  app.get(
    ShiftChangeRequestPaths.shiftOnDay,
    {
      config: { auth: 'user', permission: resource.permissionFor('view'), module: resource.module },
      schema: {
        summary: 'The shift a worker has on a day by the approved work calendars',
        tags: [`${resource.declaration.service}/${resource.declaration.path}`],
        operationId: `${resource.declaration.service}.${resource.declaration.path}.shift-on-day`,
        querystring: Type.Object(
          { workerId: Type.String({ format: 'uuid' }), date: Type.String({ pattern: DATE_PATTERN }) },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(ShiftOnDaySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { workerId, date } = request.query as { workerId: string; date: string };
      if (!isDate(date))
        throw validationFailed([
          { field: 'date', code: FieldErrorKeys.invalidValue, message: 'not a calendar date' },
        ]);
      const answer = await inResourceScope(
        deps.db,
        resource,
        resourceScopeOf(resource, request),
        async (tx, scope): Promise<ShiftOnDay> => {
          if (!(await reaches(tx, scope, workerId)))
            throw validationFailed([
              {
                field: 'workerId',
                code: FieldErrorKeys.invalidValue,
                message: 'is outside the records you may manage',
              },
            ]);
          const id = await shiftOn(tx, workerId, date);
          const [shift] = id
            ? await tx
                .select({ id: workShifts.id, code: workShifts.code, name: workShifts.name })
                .from(workShifts)
                .where(eq(workShifts.id, id))
            : [];
          return { workerId, date, workShift: shift ?? null };
        },
      );
      return envelope(answer);
    },
  );
};
