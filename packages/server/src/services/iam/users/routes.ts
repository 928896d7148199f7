import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiPaths,
  DataEnvelope,
  ErrorEnvelope,
  FieldErrorKeys,
  PageEnvelope,
  Paging,
  UnlockUsersBody,
  UnlockUsersResult,
} from '@hcm/contracts';
import {
  AdminUser,
  AssignRolesBody,
  CreateUserBody,
  CreatedUser,
  FindAllUsersBody,
  FindByIdsBody,
  GeneratedPassword,
  ManagedLevels,
  SetUserPasswordBody,
  UpdateUserBody,
  UserAutoCompleteByRoleQuery,
  UserAutoCompleteQuery,
  UserSearchQuery,
  UserSummary,
  UsersRolesPaths,
} from '@hcm/contracts/users-roles';
import Type from 'typebox';
import { inScope } from '../../../db/tenant-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { validationFailed } from '../../../http/errors.ts';
import { actionContextOf, languageOf } from '../../../resources/caller.ts';
import { callerScope, requireActor } from '../../../http/caller-scope.ts';
import { errorWorkbook } from '../../../resources/import/error-workbook.ts';
import { readFirstSheet } from '../../../resources/import/read-sheet.ts';
import { fileProblem, readUpload } from '../../../resources/import/read-upload.ts';
import { checkRows } from '../../../resources/import/validate-rows.ts';
import { templateWorkbook } from '../../../resources/template/template-workbook.ts';
import { XLSX_TYPE, fileTimestamp, sendXlsx, xlsxResponse } from '../../../resources/xlsx/xlsx.ts';
import { sqlStateOf } from '../../../resources/write/db-errors.ts';
import { escalationGuard } from '../authorization/escalation.ts';
import { generatePassword } from '../passwords/generate-password.ts';
import type { IamDeps } from '../deps.ts';
import { levelOf } from '../roles/role-store.ts';
import { changeUserPassword } from './change-user-password.ts';
import {
  addUserImportProblems,
  insertImportedUsers,
  takenUsernames,
  userImportDefinition,
  userImportRow,
} from './import-users.ts';
import {
  assignUserRoles,
  createManagedUser,
  setUserLocked,
  updateManagedUser,
  userDetail,
  usernameTaken,
} from './manage-users.ts';
import { unlockUsers } from './unlock-users.ts';
import { searchUsers, userSummaries, usersByIds } from './user-queries.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
const PATHS = UsersRolesPaths.users;
const asList = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...(value as T[])] : [value as T];
const pageOf = (query: { pageIndex?: number; pageSize?: number }) => ({
  pageIndex: query.pageIndex ?? Paging.defaultPageIndex,
  pageSize: query.pageSize ?? Paging.defaultPageSize,
});

/**
 * The administration of users (catalogues §7.4). Search, create, update, roles and lock act on
 * the users of the caller's own level and tenant (a tenant administrator its tenant's users, a
 * system administrator the system users), in the caller's scope. Unlock-by-usernames and change
 * password keep their wider reach (unlock-users.ts reachableBy: a system administrator reaches
 * every tenant's users too). Reads need user.view; writes user.create / user.update; every
 * write is in the action log (resource `user`).
 */
export const userAdminRoutes: FastifyPluginAsyncTypebox<{ deps: IamDeps }> = async (app, { deps }) => {
  const { db } = deps;
  // For POST /import (the xlsx file), in this plugin's scope only.
  await app.register(multipart);

  app.post(
    ApiPaths.iam.unlockUsers,
    {
      config: { auth: 'user', permission: 'user.update' },
      schema: {
        body: UnlockUsersBody,
        response: { 200: DataEnvelope(UnlockUsersResult), ...errorResponses },
      },
    },
    async (request) => {
      const caller = requireActor(request);
      const context = actionContextOf(request, callerScope(request));
      const guard = escalationGuard(caller, deps.accountsInReach);
      const unlocked = await unlockUsers(deps.db, caller, guard, request.body.usernames, context);
      return envelope({ unlocked });
    },
  );

  app.post(
    ApiPaths.iam.changeUserPassword,
    {
      config: { auth: 'user', permission: 'user.update' },
      schema: {
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        body: SetUserPasswordBody,
        response: { 200: DataEnvelope(Type.Union([Type.Null(), GeneratedPassword])), ...errorResponses },
      },
    },
    async (request) => {
      const caller = requireActor(request);
      const { newPassword, generate, passwordChangeRequired } = request.body;
      if ((newPassword === undefined) === (generate === undefined))
        throw validationFailed([
          {
            field: 'newPassword',
            code: FieldErrorKeys.required,
            message: 'give the new password, or generate: true (not both)',
          },
        ]);
      const password = newPassword ?? generatePassword();
      await changeUserPassword(
        deps,
        caller,
        escalationGuard(caller, deps.accountsInReach),
        request.params.id,
        password,
        actionContextOf(request, callerScope(request)),
        passwordChangeRequired ?? true,
      );
      return envelope(newPassword === undefined ? { generatedPassword: password } : null);
    },
  );

  app.get(
    PATHS.search,
    {
      config: { auth: 'user', permission: 'user.view' },
      schema: { querystring: UserSearchQuery, response: { 200: PageEnvelope(AdminUser), ...errorResponses } },
    },
    async (request) => {
      const scope = callerScope(request);
      const { keyword, status, roleIds, sortBy } = request.query;
      const page = pageOf(request.query);
      const { rows, total } = await inScope(db, scope, (tx) =>
        searchUsers(
          tx,
          scope,
          {
            ...(keyword ? { keyword } : {}),
            statuses: asList(status),
            roleIds: asList(roleIds),
            ...(sortBy ? { sortBy } : {}),
          },
          page,
        ),
      );
      return { data: rows, page: { ...page, total } };
    },
  );

  app.get(
    PATHS.autoComplete,
    {
      config: { auth: 'user', permission: [] },
      schema: {
        querystring: UserAutoCompleteQuery,
        response: { 200: PageEnvelope(UserSummary), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      const page = pageOf(request.query);
      const { keyword } = request.query;
      const { rows, total } = await inScope(db, scope, (tx) =>
        userSummaries(tx, scope, { ...(keyword ? { keyword } : {}), activeOnly: true }, page),
      );
      return { data: rows, page: { ...page, total } };
    },
  );

  app.get(
    PATHS.autoCompleteByRole,
    {
      config: { auth: 'user', permission: [] },
      schema: {
        querystring: UserAutoCompleteByRoleQuery,
        response: { 200: PageEnvelope(UserSummary), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      const page = pageOf(request.query);
      const { keyword, sortBy } = request.query;
      const roleIds = asList(request.query.roleIds);
      // No role asked: nobody holds "no role", so the answer is empty (not every user).
      if (roleIds.length === 0) return { data: [], page: { ...page, total: 0 } };
      const { rows, total } = await inScope(db, scope, (tx) =>
        userSummaries(
          tx,
          scope,
          { ...(keyword ? { keyword } : {}), roleIds, activeOnly: true, ...(sortBy ? { sortBy } : {}) },
          page,
        ),
      );
      return { data: rows, page: { ...page, total } };
    },
  );

  app.post(
    PATHS.findByIds,
    {
      config: { auth: 'user', permission: 'user.view' },
      schema: {
        body: FindByIdsBody,
        response: { 200: DataEnvelope(Type.Array(AdminUser)), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      return envelope(await inScope(db, scope, (tx) => usersByIds(tx, scope, request.body.ids)));
    },
  );

  app.post(
    PATHS.findAllUsers,
    {
      config: { auth: 'user', permission: 'user.view' },
      schema: {
        body: FindAllUsersBody,
        response: { 200: DataEnvelope(Type.Array(UserSummary)), ...errorResponses },
      },
    },
    async (request) => {
      const scope = callerScope(request);
      const { keyword } = request.body;
      const { rows } = await inScope(db, scope, (tx) =>
        userSummaries(tx, scope, keyword ? { keyword } : {}, {
          pageIndex: 1,
          pageSize: Paging.maxAutoCompleteAll,
        }),
      );
      return envelope(rows);
    },
  );

  app.get(
    PATHS.userLevel,
    {
      config: { auth: 'user', permission: 'user.view' },
      schema: { response: { 200: DataEnvelope(ManagedLevels), ...errorResponses } },
    },
    async (request) => envelope([levelOf(callerScope(request))]),
  );

  app.get(
    PATHS.downloadTemplate,
    {
      config: { auth: 'user', permission: 'user.create' },
      schema: {
        produces: [XLSX_TYPE],
        response: { 200: xlsxResponse('the import template'), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        'users_template.xlsx',
        await templateWorkbook(userImportDefinition, languageOf(request)),
      ),
  );

  app.post(
    PATHS.import,
    {
      config: { auth: 'user', permission: 'user.create' },
      schema: {
        consumes: ['multipart/form-data'],
        response: {
          200: DataEnvelope(Type.Object({ imported: Type.Integer({ minimum: 1 }) })),
          400: {
            description:
              'rows with errors: the uploaded rows with a column of messages (nothing was imported)',
            content: {
              [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } },
              'application/json': { schema: ErrorEnvelope },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const context = actionContextOf(request, callerScope(request));
      const language = languageOf(request);
      // The file is read and checked before any transaction (resources/routes/file-routes.ts).
      const sheet = await readFirstSheet(await readUpload(request, reply), userImportDefinition);
      if (sheet.rows.length === 0) throw fileProblem(FieldErrorKeys.required, 'the file has no data rows');
      const checked = await checkRows(userImportDefinition, userImportRow, sheet, language);
      const rejected = async () =>
        sendXlsx(
          reply.header('x-failed-rows', String(checked.problems.size)),
          `import_err_users_${fileTimestamp()}.xlsx`,
          await errorWorkbook(sheet, checked.problems, language),
          400,
        );
      const taken = await takenUsernames(db, checked);
      try {
        const imported = await inScope(db, context.scope, async (tx) => {
          const roleIds = await addUserImportProblems(tx, context, checked, taken, language);
          if (checked.problems.size > 0) return null;
          await escalationGuard(requireActor(request), deps.accountsInReach).rolesGiven(
            tx,
            [...new Set([...roleIds.values()].flat())],
            null,
          );
          return insertImportedUsers(tx, context, checked, roleIds);
        });
        if (imported === null) return rejected();
        return envelope({ imported });
      } catch (error) {
        if (sqlStateOf(error) === '23505') throw usernameTaken('in the file');
        throw error;
      }
    },
  );

  app.post(
    PATHS.create,
    {
      config: { auth: 'user', permission: 'user.create' },
      schema: { body: CreateUserBody, response: { 200: DataEnvelope(CreatedUser), ...errorResponses } },
    },
    async (request) => {
      const context = actionContextOf(request, callerScope(request));
      const guard = escalationGuard(requireActor(request), deps.accountsInReach);
      return envelope(await createManagedUser(deps, context, guard, request.body));
    },
  );

  app.get(
    PATHS.detail,
    {
      config: { auth: 'user', permission: 'user.view' },
      schema: { params: IdParams, response: { 200: DataEnvelope(AdminUser), ...errorResponses } },
    },
    async (request) => {
      const context = actionContextOf(request, callerScope(request));
      return envelope(await inScope(db, context.scope, (tx) => userDetail(tx, context, request.params.id)));
    },
  );

  app.post(
    PATHS.update,
    {
      config: { auth: 'user', permission: 'user.update' },
      schema: {
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: DataEnvelope(AdminUser), ...errorResponses },
      },
    },
    async (request) => {
      const guard = escalationGuard(requireActor(request), deps.accountsInReach);
      const context = actionContextOf(request, callerScope(request));
      return envelope(
        await inScope(db, context.scope, (tx) =>
          updateManagedUser(tx, context, guard, request.params.id, request.body),
        ),
      );
    },
  );

  app.post(
    PATHS.assignRoles,
    {
      config: { auth: 'user', permission: 'user.update' },
      schema: {
        params: IdParams,
        body: AssignRolesBody,
        response: { 200: DataEnvelope(AdminUser), ...errorResponses },
      },
    },
    async (request) => {
      const guard = escalationGuard(requireActor(request), deps.accountsInReach);
      const context = actionContextOf(request, callerScope(request));
      return envelope(
        await inScope(db, context.scope, (tx) =>
          assignUserRoles(tx, context, guard, request.params.id, request.body),
        ),
      );
    },
  );

  for (const [path, locked] of [
    [PATHS.lock, true],
    [PATHS.unlock, false],
  ] as const)
    app.post(
      path,
      {
        config: { auth: 'user', permission: 'user.update' },
        schema: { params: IdParams, response: { 200: DataEnvelope(AdminUser), ...errorResponses } },
      },
      async (request) => {
        const guard = escalationGuard(requireActor(request), deps.accountsInReach);
        const context = actionContextOf(request, callerScope(request));
        return envelope(await setUserLocked(db, context, guard, request.params.id, locked));
      },
    );
};
