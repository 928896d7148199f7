import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, PageEnvelope, Paging } from '@hcm/contracts';
import {
  AdminRole,
  AdminRoleDetail,
  CreateRoleBody,
  FindByIdsBody,
  ManagedLevels,
  PermissionMatrix,
  RoleAutoCompleteQuery,
  RoleSearchQuery,
  RoleSummary,
  UpdatePermissionsBody,
  UpdateRoleBody,
  UsersRolesPaths,
  permissionMatrixOf,
} from '@hcm/contracts/users-roles';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { inScope } from '../../../db/tenant-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { callerScope, requireActor } from '../../../http/caller-scope.ts';
import { escalationGuard } from '../authorization/escalation.ts';
import { actionContextOf } from '../../../resources/caller.ts';
import type { IamDeps } from '../deps.ts';
import {
  createAdminRole,
  deleteAdminRole,
  roleDetail,
  updateAdminRole,
  updateRolePermissions,
} from './manage-roles.ts';
import { activeRoles, levelOf, rolesByIds, searchRoles } from './role-store.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
const PATHS = UsersRolesPaths.roles;
const asList = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...(value as T[])] : [value as T];

/**
 * The roles of the caller's level (catalogues §7.4): a tenant administrator's tenant roles, a
 * system administrator's system roles. Reads need role.view, writes role.create / update /
 * delete; everything runs in the caller's scope (row-level security) and every write is in the
 * action log (resource `role`) in its own transaction.
 */
export const roleRoutes: FastifyPluginAsyncTypebox<{ deps: IamDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const guardOf = (request: FastifyRequest) => escalationGuard(requireActor(request), deps.accountsInReach);

  app.get(
    PATHS.search,
    {
      config: { auth: 'user', permission: 'role.view' },
      schema: { querystring: RoleSearchQuery, response: { 200: PageEnvelope(AdminRole), ...errorResponses } },
    },
    async (request) => {
      const scope = callerScope(request);
      const { keyword, status, sortBy } = request.query;
      const pageIndex = request.query.pageIndex ?? Paging.defaultPageIndex;
      const pageSize = request.query.pageSize ?? Paging.defaultPageSize;
      const { rows, total } = await inScope(db, scope, (tx) =>
        searchRoles(
          tx,
          scope,
          { ...(keyword ? { keyword } : {}), statuses: asList(status), ...(sortBy ? { sortBy } : {}) },
          { pageIndex, pageSize },
        ),
      );
      return { data: rows, page: { pageIndex, pageSize, total } };
    },
  );

  app.get(
    PATHS.fullAutoComplete,
    {
      config: { auth: 'user', permission: ['role.view', 'user.view'] },
      schema: {
        querystring: RoleAutoCompleteQuery,
        response: { 200: DataEnvelope(Type.Array(RoleSummary)), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      return envelope(
        await inScope(db, scope, (tx) =>
          activeRoles(tx, scope, request.query.keyword, Paging.maxAutoCompleteAll),
        ),
      );
    },
  );

  app.get(
    PATHS.roleLevel,
    {
      config: { auth: 'user', permission: 'role.view' },
      schema: { response: { 200: DataEnvelope(ManagedLevels), ...errorResponses } },
    },
    async (request) => envelope([levelOf(callerScope(request))]),
  );

  app.get(
    PATHS.properties,
    {
      config: { auth: 'user', permission: 'role.view' },
      schema: { response: { 200: DataEnvelope(PermissionMatrix), ...errorResponses } },
    },
    async (request) => envelope(permissionMatrixOf(levelOf(callerScope(request)))),
  );

  app.post(
    PATHS.findByIds,
    {
      config: { auth: 'user', permission: ['role.view', 'user.view'] },
      schema: {
        body: FindByIdsBody,
        response: { 200: DataEnvelope(Type.Array(AdminRole)), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      return envelope(await inScope(db, scope, (tx) => rolesByIds(tx, scope, request.body.ids)));
    },
  );

  app.post(
    PATHS.create,
    {
      config: { auth: 'user', permission: 'role.create' },
      schema: { body: CreateRoleBody, response: { 200: DataEnvelope(AdminRoleDetail), ...errorResponses } },
    },
    async (request) => {
      const context = actionContextOf(request, callerScope(request));
      return envelope(
        await inScope(db, context.scope, (tx) =>
          createAdminRole(tx, context, guardOf(request), request.body),
        ),
      );
    },
  );

  app.get(
    PATHS.detail,
    {
      config: { auth: 'user', permission: 'role.view' },
      schema: { params: IdParams, response: { 200: DataEnvelope(AdminRoleDetail), ...errorResponses } },
    },
    async (request) => {
      const context = actionContextOf(request, callerScope(request));
      return envelope(await inScope(db, context.scope, (tx) => roleDetail(tx, context, request.params.id)));
    },
  );

  app.post(
    PATHS.update,
    {
      config: { auth: 'user', permission: 'role.update' },
      schema: {
        params: IdParams,
        body: UpdateRoleBody,
        response: { 200: DataEnvelope(AdminRoleDetail), ...errorResponses },
      },
    },
    async (request) => {
      const context = actionContextOf(request, callerScope(request));
      return envelope(
        await inScope(db, context.scope, (tx) =>
          updateAdminRole(tx, context, guardOf(request), request.params.id, request.body),
        ),
      );
    },
  );

  app.post(
    PATHS.updatePermissions,
    {
      config: { auth: 'user', permission: 'role.update' },
      schema: {
        params: IdParams,
        body: UpdatePermissionsBody,
        response: { 200: DataEnvelope(AdminRoleDetail), ...errorResponses },
      },
    },
    async (request) => {
      const context = actionContextOf(request, callerScope(request));
      return envelope(
        await inScope(db, context.scope, (tx) =>
          updateRolePermissions(tx, context, guardOf(request), request.params.id, request.body),
        ),
      );
    },
  );

  app.post(
    PATHS.delete,
    {
      config: { auth: 'user', permission: 'role.delete' },
      schema: { params: IdParams, response: { 200: DataEnvelope(Type.Null()), ...errorResponses } },
    },
    async (request) => {
      const context = actionContextOf(request, callerScope(request));
      await inScope(db, context.scope, (tx) =>
        deleteAdminRole(tx, context, guardOf(request), request.params.id),
      );
      return envelope(null);
    },
  );
};
