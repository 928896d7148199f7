import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, FieldLimits } from '@hcm/contracts';
import { LIST_SETTINGS_PATHS, ListViewLimits } from '@hcm/contracts/list-views';
import Type from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { callerScope, requireActor, runAsCaller } from '../../../http/caller-scope.ts';
import type { FastifyRequest } from 'fastify';
import {
  createView,
  deleteView,
  getListSettings,
  ownerOf,
  saveColumns,
  updateView,
} from './list-settings.ts';

const ListKey = Type.String({
  minLength: 1,
  maxLength: ListViewLimits.listKey,
  pattern: ListViewLimits.listKeyPattern,
  description: "the list: its resource's service/path ('om/workers')",
});
const Columns = Type.Array(Type.String({ minLength: 1, maxLength: ListViewLimits.columnName }), {
  maxItems: ListViewLimits.columns,
});
const Name = Type.String({ minLength: 1, maxLength: ListViewLimits.name, pattern: '\\S' });

const ViewState = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: FieldLimits.search })),
    sortBy: Type.Optional(Type.String({ maxLength: 100, pattern: '^[A-Za-z_][\\w.]*\\.(asc|desc)$' })),
    filters: Type.Optional(
      Type.Record(Type.String({ maxLength: ListViewLimits.columnName }), Type.Unknown(), {
        maxProperties: ListViewLimits.columns,
      }),
    ),
    columns: Type.Optional(Columns),
  },
  {
    additionalProperties: false,
    description: `the query and columns the view restores; at most ${ListViewLimits.stateBytes} bytes as JSON`,
  },
);

const ListViewSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  state: ViewState,
  isDefault: Type.Boolean(),
});

const ListSettingsSchema = Type.Object({
  columns: Type.Union([Columns, Type.Null()]),
  views: Type.Array(ListViewSchema),
});

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const tags = ['iam/me'];
// Everyone keeps their own list settings: any signed-in user, no permission.
const config = { auth: 'user', permission: [] } as const;

const ownerOfRequest = (request: FastifyRequest) =>
  ownerOf(callerScope(request), requireActor(request).userId);

/** The caller's own list settings: /api/iam/me/lists… (columns chosen and saved views). */
export const listViewRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    LIST_SETTINGS_PATHS.settings,
    {
      config,
      schema: {
        summary: "The caller's chosen columns (null: the list's defaults) and saved views of a list",
        tags,
        operationId: 'iam.me.lists.get',
        querystring: Type.Object({ list: ListKey }, { additionalProperties: false }),
        response: { 200: DataEnvelope(ListSettingsSchema), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        await runAsCaller(db, request, (tx) =>
          getListSettings(tx, ownerOfRequest(request), request.query.list),
        ),
      ),
  );

  app.post(
    LIST_SETTINGS_PATHS.columns,
    {
      config,
      schema: {
        summary: 'Remembers the columns the caller shows on a list, in order; null goes back to the defaults',
        tags,
        operationId: 'iam.me.lists.columns',
        body: Type.Object(
          { list: ListKey, columns: Type.Union([Columns, Type.Null()]) },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(Type.Union([Columns, Type.Null()])), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        await runAsCaller(db, request, (tx) =>
          saveColumns(tx, ownerOfRequest(request), request.body.list, request.body.columns),
        ),
      ),
  );

  app.post(
    LIST_SETTINGS_PATHS.createView,
    {
      config,
      schema: {
        summary: `Saves a named view of a list (at most ${ListViewLimits.viewsPerList} per list; 409 beyond, or on a taken name)`,
        tags,
        operationId: 'iam.me.lists.createView',
        body: Type.Object(
          { list: ListKey, name: Name, state: ViewState, isDefault: Type.Optional(Type.Boolean()) },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(ListViewSchema), ...errorResponses },
      },
    },
    async (request) =>
      envelope(await runAsCaller(db, request, (tx) => createView(tx, ownerOfRequest(request), request.body))),
  );

  app.post(
    LIST_SETTINGS_PATHS.updateView,
    {
      config,
      schema: {
        summary: 'Renames, re-saves or makes (un)default one of the caller’s views; 404 for anyone else’s',
        tags,
        operationId: 'iam.me.lists.updateView',
        params: IdParams,
        body: Type.Object(
          {
            name: Type.Optional(Name),
            state: Type.Optional(ViewState),
            isDefault: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 200: DataEnvelope(ListViewSchema), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        await runAsCaller(db, request, (tx) =>
          updateView(tx, ownerOfRequest(request), request.params.id, request.body),
        ),
      ),
  );

  app.post(
    LIST_SETTINGS_PATHS.deleteView,
    {
      config,
      schema: {
        summary: 'Deletes one of the caller’s views; 404 for anyone else’s',
        tags,
        operationId: 'iam.me.lists.deleteView',
        params: IdParams,
        response: {
          200: DataEnvelope(Type.Object({ id: Type.String({ format: 'uuid' }) })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      await runAsCaller(db, request, (tx) => deleteView(tx, ownerOfRequest(request), request.params.id));
      return envelope({ id: request.params.id });
    },
  );
};
