import { DataEnvelope, ForbiddenReasons } from '@hcm/contracts';
import {
  OVERTIME_MODES,
  TIMESHEET_SYMBOL_KEYS,
  TimekeepingConfigLimits as Limits,
  TimekeepingConfigPaths as Paths,
  SEEDED_TIMEKEEPING_SETTINGS,
  isConfigMonth,
  type TimekeepingConfig,
} from '@hcm/contracts/timekeeping-config';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { wallClock } from '../../../clock.ts';
import { callerScope, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { forbiddenBecause, validationFailed } from '../../../http/errors.ts';
import { todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { actionContextOf } from '../../../resources/caller.ts';
import { FieldErrorKeys } from '@hcm/contracts';
import type { TmDeps } from '../index.ts';
import type { Tx } from '../../../db/database.ts';
import type { ActionContext } from '../../../resources/action-log/record-actions.ts';
import { removeTimekeepingVersion, saveTimekeepingVersion } from './save-version.ts';
import { allVersions, versionInForce, versionOfRow } from './settings-in-force.ts';

const MODULE = 'TM' as const;
const MONTH = '^\\d{4}-(0[1-9]|1[0-2])$';
const tags = ['tm/config'];
/** A body is a few hundred bytes: more is refused before it is read. */
const BODY_MAX_BYTES = 8192;

const Symbol = Type.Union([Type.String({ maxLength: Limits.symbolMaxLength * 2 }), Type.Null()]);
const SymbolsSchema = Type.Object(
  Object.fromEntries(TIMESHEET_SYMBOL_KEYS.map((key) => [key, Type.Optional(Symbol)])),
  { additionalProperties: false },
);
const SettingsFields = {
  overtimeMode: Type.Union(OVERTIME_MODES.map((mode) => Type.Literal(mode))),
  overtimeMinimumMinutes: Type.Integer(),
  repeatPunchSeconds: Type.Integer(),
};
const SettingsSchema = Type.Object({ ...SettingsFields, symbols: Type.Record(Type.String(), Symbol) });
const VersionSchema = Type.Object({
  ...SettingsFields,
  symbols: Type.Record(Type.String(), Symbol),
  effectiveMonth: Type.String(),
  reason: Type.String(),
  version: Type.Integer(),
  changedBy: Type.Union([Type.String(), Type.Null()]),
  changedByName: Type.Union([Type.String(), Type.Null()]),
  changedAt: Type.String(),
});
const ConfigSchema = Type.Object({
  month: Type.String(),
  inForce: Type.Union([VersionSchema, Type.Null()]),
  seeded: SettingsSchema,
  versions: Type.Array(VersionSchema),
});
const SavedSchema = Type.Object({
  effectiveMonth: Type.String(),
  version: Type.Union([Type.Integer(), Type.Null()]),
  recomputed: Type.Object({ from: Type.String(), until: Type.Union([Type.String(), Type.Null()]) }),
});
// the month's shape is checked by the operation (save-version.ts: a field error on effectiveMonth),
// so that the body is checked first and a bad one is named as such
const MonthParams = Type.Object({ month: Type.String({ maxLength: 64 }) });
// the trimmed length is checked again (save-version.ts): spaces are no reason
const Reason = Type.String({ maxLength: Limits.reasonMaxLength * 2 });

function tenantCaller(request: FastifyRequest) {
  const scope = callerScope(request);
  if (scope.tenantId === null)
    throw forbiddenBecause(ForbiddenReasons.tenantOnly, 'Timekeeping settings belong to a tenant');
  return { ...scope, tenantId: scope.tenantId };
}

/**
 * Timekeeping › Configuration › General config (docs/timekeeping-config.md): the tenant's
 * timesheet settings as versions effective from a month; reading one month's and the history,
 * storing a month's version, removing one. Each change asks the engine for the days it governs.
 */
export const timekeepingConfigRoutes: FastifyPluginAsync<{ deps: TmDeps }> = async (app, { deps }) => {
  const now = deps.clock ?? wallClock;

  app.get(
    Paths.config,
    {
      config: { auth: 'user', permission: 'timekeeping.view', module: MODULE },
      schema: {
        summary: 'The timesheet settings in force in a month, the seeded ones and every stored version',
        tags,
        operationId: 'tm.config',
        querystring: Type.Object(
          { month: Type.Optional(Type.String({ pattern: MONTH })) },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(ConfigSchema), ...errorResponses },
      },
    },
    async (request) => {
      tenantCaller(request);
      const month = (request.query as { month?: string }).month ?? todayInVietnam(now()).slice(0, 7);
      if (!isConfigMonth(month))
        throw validationFailed([
          { field: 'month', code: FieldErrorKeys.invalidValue, message: 'is not a month from 2000 to 2100' },
        ]);
      const answer: TimekeepingConfig = await runAsCaller(deps.db, request, async (tx) => {
        const inForce = await versionInForce(tx, month);
        return {
          month,
          inForce: inForce ? versionOfRow(inForce) : null,
          seeded: SEEDED_TIMEKEEPING_SETTINGS,
          versions: (await allVersions(tx, Limits.versionsMax)).map(versionOfRow),
        };
      });
      return envelope(answer);
    },
  );

  /** A change of the version from the path's month, by `operation`, in the caller's transaction. */
  const changing = async <B, R>(
    request: FastifyRequest,
    operation: (
      tx: Tx,
      caller: ReturnType<typeof tenantCaller>,
      context: ActionContext,
      deps: { queue: TmDeps['queue']; now: Date },
      month: string,
      body: B,
    ) => Promise<R>,
  ) => {
    const caller = tenantCaller(request);
    const { month } = request.params as { month: string };
    return envelope(
      await runAsCaller(deps.db, request, (tx) =>
        operation(
          tx,
          caller,
          actionContextOf(request, caller),
          { queue: deps.queue, now: now() },
          month,
          request.body as B,
        ),
      ),
    );
  };

  app.put(
    Paths.version,
    {
      bodyLimit: BODY_MAX_BYTES,
      config: { auth: 'user', permission: 'timekeeping.update', module: MODULE },
      schema: {
        summary:
          'Store the timesheet settings effective from a month; the days of the months they govern are computed again',
        tags,
        operationId: 'tm.config.save',
        params: MonthParams,
        body: Type.Object(
          {
            ...SettingsFields,
            symbols: SymbolsSchema,
            reason: Reason,
            version: Type.Optional(Type.Integer({ minimum: 1 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(SavedSchema), ...errorResponses },
      },
    },
    (request) => changing(request, saveTimekeepingVersion),
  );

  app.delete(
    Paths.version,
    {
      bodyLimit: BODY_MAX_BYTES,
      config: { auth: 'user', permission: 'timekeeping.update', module: MODULE },
      schema: {
        summary:
          'Remove the settings effective from a month: the version before them governs its months again',
        tags,
        operationId: 'tm.config.remove',
        params: MonthParams,
        body: Type.Object(
          { reason: Reason, version: Type.Integer({ minimum: 1 }) },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(SavedSchema), ...errorResponses },
      },
    },
    (request) => changing(request, removeTimekeepingVersion),
  );
};
