import { DataEnvelope, FieldErrorKeys, ForbiddenReasons } from '@hcm/contracts';
import {
  LEAVE_CASES,
  LeavePolicyPaths as Paths,
  type LeaveCase,
  type LeaveWorkerCase,
} from '@hcm/contracts/leave-policies';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Tx } from '../../../../db/database.ts';
import { callerScope, runAsCaller } from '../../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../../http/envelope.ts';
import { forbiddenBecause, validationFailed } from '../../../../http/errors.ts';
import type { TmDeps } from '../../index.ts';
import { tmLeaveWorkerCases } from './tables.ts';

const MODULE = 'TM' as const;
const tags = ['tm/leave'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOTE_MAX = 1000;

const CaseSchema = Type.Object({
  workerId: Type.String(),
  workerCode: Type.String(),
  workerName: Type.String(),
  leaveCase: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
});

/** The cases said, with their workers (a tenant has a few: only the exceptions are kept). */
async function casesOf(tx: Tx, workerId?: string): Promise<LeaveWorkerCase[]> {
  const found = (await tx.execute(sql`
    select c.worker_id, w.code, w.full_name, c.leave_case, c.note
      from tm_leave_worker_cases c join workers w on w.tenant_id = c.tenant_id and w.id = c.worker_id
     where c.leave_case <> 'STANDARD' ${workerId ? sql`and c.worker_id = ${workerId}::uuid` : sql``}
     order by w.code`)) as unknown as {
    rows: {
      worker_id: string;
      code: string;
      full_name: string;
      leave_case: LeaveCase;
      note: string | null;
    }[];
  };
  return found.rows.map((r) => ({
    workerId: r.worker_id,
    workerCode: r.code,
    workerName: r.full_name,
    leaveCase: r.leave_case,
    note: r.note,
  }));
}

/** A worker without an exception: STANDARD, no note (the answer of "back to standard"). */
async function standardCaseOf(tx: Tx, workerId: string): Promise<LeaveWorkerCase> {
  const found = (await tx.execute(
    sql`select code, full_name from workers where id = ${workerId}::uuid`,
  )) as unknown as { rows: { code: string; full_name: string }[] };
  const worker = found.rows[0];
  return {
    workerId,
    workerCode: worker?.code ?? '',
    workerName: worker?.full_name ?? '',
    leaveCase: 'STANDARD',
    note: null,
  };
}

function tenantOf(request: FastifyRequest) {
  const scope = callerScope(request);
  if (scope.tenantId === null)
    throw forbiddenBecause(ForbiddenReasons.tenantOnly, 'Leave belongs to a tenant');
  return { tenantId: scope.tenantId, userId: scope.userId };
}

/**
 * The worker's case for the year's base days (docs/leave.md "The worker's case"): HEAVY (14) or
 * SPECIAL (16) said per worker, STANDARD (12) otherwise. Listed, and set one worker at a time
 * (the accrual reads it for the entries still to come; those written stay); STANDARD removes the
 * worker's row, so the list holds the exceptions only.
 */
export const leaveWorkerCaseRoutes: FastifyPluginAsync<{ deps: TmDeps }> = async (app, { deps }) => {
  app.get(
    Paths.workerCases,
    {
      config: { auth: 'user', permission: 'leave_policy.view', module: MODULE },
      schema: {
        summary: 'The workers whose annual leave case is said (heavy work, or minors and disabled workers)',
        tags,
        operationId: 'tm.leave.workerCases',
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: DataEnvelope(Type.Array(CaseSchema)), ...errorResponses },
      },
    },
    async (request) => {
      tenantOf(request);
      return envelope(await runAsCaller(deps.db, request, (tx) => casesOf(tx)));
    },
  );

  app.put(
    Paths.workerCase,
    {
      bodyLimit: 4096,
      config: { auth: 'user', permission: 'leave_policy.update', module: MODULE },
      schema: {
        summary:
          "Set a worker's annual leave case: STANDARD 12 days (removes the exception), HEAVY 14, SPECIAL 16 (Labour Code art. 113)",
        tags,
        operationId: 'tm.leave.setWorkerCase',
        // the id's shape is checked after the body (a field error), so a bad body is named first
        params: Type.Object({ workerId: Type.String({ maxLength: 64 }) }),
        body: Type.Object(
          {
            leaveCase: Type.Union(LEAVE_CASES.map((value) => Type.Literal(value))),
            note: Type.Optional(Type.Union([Type.String({ maxLength: NOTE_MAX }), Type.Null()])),
          },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(CaseSchema), ...errorResponses },
      },
    },
    async (request) => {
      const caller = tenantOf(request);
      const { workerId } = request.params as { workerId: string };
      const body = request.body as { leaveCase: LeaveCase; note?: string | null };
      const refuse = () =>
        validationFailed(
          [
            {
              field: 'workerId',
              code: FieldErrorKeys.invalidValue,
              message: 'is no employee of this tenant',
            },
          ],
          `No employee ${workerId} here`,
        );
      if (!UUID.test(workerId)) throw refuse();
      const saved = await runAsCaller(deps.db, request, async (tx) => {
        const known = (await tx.execute(
          sql`select 1 from workers where id = ${workerId}::uuid`,
        )) as unknown as {
          rows: unknown[];
        };
        if (known.rows.length === 0) throw refuse();
        // STANDARD is the case of a worker without a row: saying it removes the exception
        if (body.leaveCase === 'STANDARD') {
          await tx.execute(sql`delete from tm_leave_worker_cases where worker_id = ${workerId}::uuid`);
          return standardCaseOf(tx, workerId);
        }
        const note = body.note?.trim() || null;
        await tx
          .insert(tmLeaveWorkerCases)
          .values({
            tenantId: caller.tenantId,
            workerId,
            leaveCase: body.leaveCase,
            note,
            createdBy: caller.userId,
          })
          .onConflictDoUpdate({
            target: [tmLeaveWorkerCases.tenantId, tmLeaveWorkerCases.workerId],
            set: {
              leaveCase: body.leaveCase,
              note,
              version: sql`${tmLeaveWorkerCases.version} + 1`,
              lastModifiedAt: sql`now()`,
              lastModifiedBy: caller.userId,
            },
          });
        return (await casesOf(tx, workerId))[0];
      });
      return envelope(saved);
    },
  );
};
