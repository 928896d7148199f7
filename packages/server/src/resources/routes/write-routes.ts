import { DataEnvelope, Paging, Status } from '@hcm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Db, Tx } from '../../db/database.ts';
import { envelope, errorResponses } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { actionContextOf, inResourceScope, resourceScopeOf } from '../caller.ts';
import type { ResourceDefinition } from '../types.ts';
import {
  createRecord,
  deleteRecord,
  setRecordStatus,
  updateRecord,
  type WriteContext,
} from '../write/write-records.ts';
import { routeOptions, serves, SUB_PATHS } from './route-options.ts';

type Body = Record<string, unknown>;

const Uuid = Type.String({ format: 'uuid' });
/** The ids of a status batch: a page of the list at most. */
const StatusBatchBody = Type.Object(
  { ids: Type.Array(Uuid, { minItems: 1, maxItems: Paging.maxPageSize }) },
  { additionalProperties: false },
);

/** create, update, delete, active and inactive: each one transaction with its action log rows. */
export function registerWriteRoutes(app: FastifyInstance, definition: ResourceDefinition, db: Db): void {
  const { schemas } = definition;
  const one = { 200: DataEnvelope(schemas.record), ...errorResponses };
  const batchDone = { 200: DataEnvelope(Type.Object({ ids: Type.Array(Uuid) })), ...errorResponses };

  const write = <T>(request: FastifyRequest, work: (tx: Tx, context: WriteContext) => Promise<T>) => {
    const scope = resourceScopeOf(definition, request);
    return inResourceScope(db, definition, scope, (tx, reach) =>
      work(tx, { ...actionContextOf(request, scope), scope: reach }),
    );
  };
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  if (serves(definition, 'create'))
    app.post(
      SUB_PATHS.create.url,
      routeOptions(definition, 'create', { body: schemas.createBody, response: one }),
      async (request) =>
        envelope(await write(request, (tx, c) => createRecord(tx, definition, c, request.body as Body))),
    );

  if (serves(definition, 'update'))
    app.post(
      SUB_PATHS.update.url,
      routeOptions(definition, 'update', {
        params: schemas.idParams,
        body: schemas.updateBody,
        response: one,
      }),
      async (request) =>
        envelope(
          await write(request, (tx, c) =>
            updateRecord(tx, definition, c, idOf(request), request.body as Body),
          ),
        ),
    );

  if (serves(definition, 'delete'))
    app.post(
      SUB_PATHS.delete.url,
      routeOptions(definition, 'delete', {
        params: schemas.idParams,
        response: {
          200: DataEnvelope(Type.Object({ id: Type.String({ format: 'uuid' }) })),
          ...errorResponses,
        },
      }),
      async (request) =>
        envelope(await write(request, (tx, c) => deleteRecord(tx, definition, c, idOf(request)))),
    );

  for (const [subPath, batchPath, status] of [
    ['active', 'activeBatch', Status.active],
    ['inactive', 'inactiveBatch', Status.inactive],
  ] as const) {
    if (!serves(definition, subPath)) continue;
    app.post(
      SUB_PATHS[subPath].url,
      routeOptions(definition, subPath, { params: schemas.idParams, response: one }),
      async (request) =>
        envelope(await write(request, (tx, c) => setRecordStatus(tx, definition, c, idOf(request), status))),
    );
    // One transaction for the selection: a record that may not change (not found, out of the
    // caller's reach, refused by a hook) rolls back the others, and the answer names it (in its
    // message, and as `params.id` for the browser to name the record in the user's words).
    app.post(
      SUB_PATHS[batchPath].url,
      routeOptions(definition, batchPath, { body: StatusBatchBody, response: batchDone }),
      async (request) => {
        const { ids } = request.body as { ids: string[] };
        return envelope(
          await write(request, async (tx, c) => {
            for (const id of new Set(ids)) {
              try {
                await setRecordStatus(tx, definition, c, id, status);
              } catch (error) {
                if (error instanceof AppError)
                  throw new AppError(
                    error.statusCode,
                    error.code,
                    `${id}: ${error.message}`,
                    error.errors,
                    undefined,
                    { ...error.params, id },
                  );
                throw error;
              }
            }
            return { ids: [...new Set(ids)] };
          }),
        );
      },
    );
  }
}
