import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ConflictReasons, DataEnvelope, ForbiddenReasons } from '@hcm/contracts';
import {
  DirectoryPaths,
  DirectorySettings,
  DirectorySettingsBody,
  DirectorySyncResult,
  DirectoryTestResult,
} from '@hcm/contracts/directory';
import type { Db } from '../../../db/database.ts';
import { callerScope, requireActor } from '../../../http/caller-scope.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { escalationGuard, type AccountsInReach } from '../authorization/escalation.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { conflictBecause, forbiddenBecause } from '../../../http/errors.ts';
import { actionContextOf } from '../../../resources/caller.ts';
import type { FastifyRequest } from 'fastify';
import { readPeople, withDirectory } from './directory-client.ts';
import { loadDirectoryAccess, readDirectorySettings, saveDirectorySettings } from './directory-settings.ts';
import { syncDirectoryUsers } from './sync-directory-users.ts';

/** The caller's tenant: a directory belongs to a tenant, system users have none. */
function tenantOf(request: FastifyRequest): string {
  const { tenantId } = callerScope(request);
  if (tenantId === null)
    throw forbiddenBecause(
      ForbiddenReasons.tenantOnly,
      "A directory is a tenant's: sign in as a user of the tenant",
    );
  return tenantId;
}

/**
 * Users from the organisation's directory (catalogues §7.4 "POST sync from directory"): the
 * tenant's LDAP settings (user.view to read, user.update to change and test them, and to change
 * them also every right of the tenant: authorization/escalation.ts) and the sync
 * (user.create). One sync of a tenant at a time is enough: a second, while the first runs, makes
 * the same changes or none (rows locked for update).
 */
export const directoryRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  accountsInReach: AccountsInReach;
}> = async (app, { db, accountsInReach }) => {
  const tags = ['iam/users'];
  app.get(
    DirectoryPaths.settings,
    {
      config: { auth: 'user', permission: 'user.view' },
      schema: {
        summary: "Users: the tenant's directory (LDAP) settings; the bind password never leaves",
        tags,
        operationId: 'iam.users.directorySettings',
        response: { 200: DataEnvelope(DirectorySettings), ...errorResponses },
      },
    },
    async (request) => envelope(await readDirectorySettings(db, tenantOf(request))),
  );

  app.put(
    DirectoryPaths.settings,
    {
      config: { auth: 'user', permission: 'user.update' },
      schema: {
        summary: 'Users: save the directory settings (409 when the version read is stale)',
        tags,
        operationId: 'iam.users.saveDirectorySettings',
        body: DirectorySettingsBody,
        response: { 200: DataEnvelope(DirectorySettings), ...errorResponses },
      },
    },
    async (request) => {
      const tenantId = tenantOf(request);
      // Directory users sign in with the directory's password: whoever chooses the directory
      // chooses every one of their passwords (docs/access-control.md).
      await inScope(db, callerScope(request), (tx) =>
        escalationGuard(requireActor(request), accountsInReach).everyAccount(tx, 'DIRECTORY_SETTINGS'),
      );
      return envelope(
        await saveDirectorySettings(
          db,
          actionContextOf(request, callerScope(request)),
          tenantId,
          request.body,
        ),
      );
    },
  );

  app.post(
    DirectoryPaths.test,
    {
      config: { auth: 'user', permission: 'user.update' },
      schema: {
        summary:
          'Users: bind to the directory with the saved settings and read up to 5 people (writes nothing)',
        tags,
        operationId: 'iam.users.testDirectory',
        response: { 200: DataEnvelope(DirectoryTestResult), ...errorResponses },
      },
    },
    async (request) => {
      const access = await loadDirectoryAccess(db, tenantOf(request));
      if (!access)
        throw conflictBecause(ConflictReasons.directoryNotSaved, 'Save the directory settings first');
      const { people } = await withDirectory(access.settings, access.bindPassword, (client) =>
        readPeople(client, access.settings, 5),
      );
      return envelope({
        sample: people.map(({ dn, username, fullName, email }) => ({ entry: dn, username, fullName, email })),
      });
    },
  );

  app.post(
    DirectoryPaths.sync,
    {
      config: { auth: 'user', permission: 'user.create' },
      schema: {
        summary: 'Users: make and update the users of the tenant from its directory now',
        tags,
        operationId: 'iam.users.syncDirectory',
        response: { 200: DataEnvelope(DirectorySyncResult), ...errorResponses },
      },
    },
    async (request) => {
      const tenantId = tenantOf(request);
      return envelope(await syncDirectoryUsers(db, actionContextOf(request, callerScope(request)), tenantId));
    },
  );
};
