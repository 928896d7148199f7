import { DataEnvelope, PageEnvelope, Paging } from '@hcm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Db } from '../../db/database.ts';
import { envelope, errorResponses } from '../../http/envelope.ts';
import { inResourceScope, resourceScopeOf } from '../caller.ts';
import { presentRecord } from '../present.ts';
import { listQueryOf, pageOf } from '../search/list-query.ts';
import { attachListParts, presentListRows } from '../search/list-view.ts';
import { countRecords, findRecordsByIds, searchRecords } from '../search/search-records.ts';
import type { ResourceDefinition } from '../types.ts';
import { findRecord } from '../write/find-record.ts';
import { attachLists } from '../write/lists.ts';
import { routeOptions, serves, SUB_PATHS } from './route-options.ts';
import {
  answerAsPicker,
  pickerOf,
  pickerPermissions,
  pickerRow,
  pickerScope,
  pickingOnly,
  refuseOutsidePicker,
} from '../pickers.ts';

type Query = Record<string, unknown>;

/**
 * search, auto-complete, auto-complete-all, count, find-by-ids and GET /{id}. The lists answer
 * list rows (definition.listView: the contract's listFields, the page's lists loaded once for all
 * its rows); GET /{id} answers the whole record.
 */
export function registerReadRoutes(app: FastifyInstance, definition: ResourceDefinition, db: Db): void {
  const { schemas, listView: view } = definition;
  const present = (rows: Record<string, unknown>[]) => presentListRows(definition, rows);
  const page = { 200: PageEnvelope(schemas.listRecord), ...errorResponses };
  const list = { 200: DataEnvelope(Type.Array(schemas.listRecord)), ...errorResponses };

  // Who files an approvable document picking this resource also opens its pickers (pickers.ts):
  // a caller without the view permission gets the picker's rows in its reduced shape.
  const picker = pickerOf(app, definition);
  const picking = pickerPermissions(definition, picker);
  const pickerNote = picker
    ? ` Also answers (in the picker's shape: ${picker.fields.join(', ')}) the holders of ${picker.openers.join(', ')} without ${definition.permissionFor('view')}: they file documents that pick it.`
    : '';
  const withNote = (options: ReturnType<typeof routeOptions>, opened = picker) =>
    opened && options.schema
      ? {
          ...options,
          schema: {
            ...options.schema,
            description: `${String(options.schema.description ?? '')}${pickerNote}`,
          },
        }
      : options;

  const searchPage = async (request: FastifyRequest, activeOnly: boolean, reply?: FastifyReply) => {
    const scope = resourceScopeOf(definition, request);
    const query = request.query as Query;
    const { cursor: _cursor, keyset: _keyset, ...paging } = pageOf(query);
    const only = reply && pickingOnly(request, picker) ? picker : null;
    const { rows, ...found } = await inResourceScope(db, definition, scope, async (tx, resolved) => {
      const reach = only ? pickerScope(only, resolved, request) : resolved;
      const page = await searchRecords(
        tx,
        definition,
        reach,
        listQueryOf(definition, query, activeOnly),
        pageOf(query),
        view,
      );
      return { ...page, rows: await attachListParts(tx, definition, page.rows) };
    });
    // totalCapped only when it is true: the spec's envelope is pageIndex, pageSize and total
    const { total, totalCapped, nextCursor } = found;
    if (only && reply) answerAsPicker(reply, only.page);
    return {
      data: only ? present(rows).map((row) => pickerRow(only, row)) : present(rows),
      page: {
        ...paging,
        total,
        ...(totalCapped ? { totalCapped } : {}),
        ...(nextCursor ? { nextCursor } : {}),
      },
    };
  };

  app.get(
    SUB_PATHS.search.url,
    routeOptions(definition, 'search', { querystring: schemas.searchQuery, response: page }),
    (request) => searchPage(request, false),
  );

  if (serves(definition, 'autoComplete'))
    app.get(
      SUB_PATHS.autoComplete.url,
      withNote(
        routeOptions(
          definition,
          'autoComplete',
          { querystring: schemas.autoCompleteQuery, response: page },
          picking,
        ),
      ),
      (request, reply) => searchPage(request, true, reply),
    );

  if (serves(definition, 'autoCompleteAll'))
    app.get(
      SUB_PATHS.autoCompleteAll.url,
      routeOptions(definition, 'autoCompleteAll', {
        querystring: schemas.autoCompleteAllQuery,
        response: list,
      }),
      async (request) => {
        const scope = resourceScopeOf(definition, request);
        const query = listQueryOf(definition, request.query as Query, true);
        const paging = { pageIndex: 1, pageSize: Paging.maxAutoCompleteAll };
        const rows = await inResourceScope(db, definition, scope, async (tx, reach) =>
          attachListParts(
            tx,
            definition,
            (await searchRecords(tx, definition, reach, query, paging, view)).rows,
          ),
        );
        return envelope(present(rows));
      },
    );

  app.get(
    SUB_PATHS.count.url,
    routeOptions(definition, 'count', {
      querystring: schemas.countQuery,
      response: { 200: DataEnvelope(Type.Integer({ minimum: 0 })), ...errorResponses },
    }),
    async (request) => {
      const scope = resourceScopeOf(definition, request);
      const query = listQueryOf(definition, request.query as Query);
      return envelope(
        await inResourceScope(db, definition, scope, (tx, reach) =>
          countRecords(tx, definition, reach, query),
        ),
      );
    },
  );

  app.post(
    SUB_PATHS.findByIds.url,
    withNote(routeOptions(definition, 'findByIds', { body: schemas.findByIdsBody, response: list }, picking)),
    async (request, reply) => {
      const scope = resourceScopeOf(definition, request);
      const { ids } = request.body as { ids: string[] };
      const only = pickingOnly(request, picker) ? picker : null;
      const rows = present(
        await inResourceScope(db, definition, scope, async (tx, resolved) => {
          const reach = only ? pickerScope(only, resolved, request) : resolved;
          return attachListParts(tx, definition, await findRecordsByIds(tx, definition, reach, ids, view));
        }),
      );
      if (!only) return envelope(rows);
      answerAsPicker(reply, only.list);
      return envelope(rows.map((row) => pickerRow(only, row)));
    },
  );

  // a resource whose own binding opens a picker (the workflow templates) answers its detail too
  const detailPicker = definition.declaration.picker?.detail ? picker : null;
  app.get(
    SUB_PATHS.get.url,
    withNote(
      routeOptions(
        definition,
        'get',
        {
          params: schemas.idParams,
          response: { 200: DataEnvelope(schemas.record), ...errorResponses },
        },
        pickerPermissions(definition, detailPicker),
      ),
      detailPicker,
    ),
    async (request, reply) => {
      const scope = resourceScopeOf(definition, request);
      const { id } = request.params as { id: string };
      const only = pickingOnly(request, detailPicker) ? detailPicker : null;
      const row = await inResourceScope(db, definition, scope, async (tx, reach) => {
        const found = only
          ? await refuseOutsidePicker(tx, only, reach, request, id)
          : await findRecord(tx, definition, reach, id);
        await attachLists(tx, definition, [found]);
        return found;
      });
      if (!only) return envelope(presentRecord(definition, row));
      answerAsPicker(reply, only.one);
      return envelope(pickerRow(only, presentRecord(definition, row)));
    },
  );
}
