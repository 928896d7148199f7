import { DataEnvelope, FieldLimits, Patterns, PermissionResources } from '@hcm/contracts';
import { TenantStatuses } from '@hcm/contracts/system';
import { CreateTenantContactBody, CreatedTenantContact, UsersRolesPaths } from '@hcm/contracts/users-roles';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type, { type TObject, type TProperties } from 'typebox';
import type { Db } from '../../../db/database.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { runAsCaller } from '../../../http/caller-scope.ts';
import { actionContextOf, resourceScopeOf } from '../../../resources/caller.ts';
import type { PasswordHasher } from '../../iam/passwords/password-hasher.ts';
import { createTenantContact } from './create-tenant-contact.ts';
import { createTenantWithAdmin, type HandOver } from './create-with-admin.ts';
import { setPasswordWithLink } from './password-links.ts';
import { changeTenantStatus, tenantAdministration } from './tenant-status.ts';
import { tenantResource } from './tenants.ts';

const Uuid = Type.String({ format: 'uuid' });
const DateTime = Type.String({ format: 'date-time' });
const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
const module = PermissionResources.tenant.module;

const tenantFields = (tenantResource.schemas.createBody as TObject<TProperties>).properties;

const CreateWithAdminBody = Type.Object(
  {
    ...tenantFields,
    admin: Type.Object(
      {
        username: Type.String({
          minLength: FieldLimits.usernameMin,
          maxLength: FieldLimits.usernameMax,
          pattern: Patterns.username,
        }),
        fullName: Type.String({ minLength: 1, maxLength: FieldLimits.name }),
        email: Type.Optional(
          Type.String({ maxLength: FieldLimits.email, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' }),
        ),
      },
      { additionalProperties: false },
    ),
    servicePackId: Type.Optional(Uuid),
    months: Type.Optional(Type.Integer({ minimum: 1, maximum: 1200 })),
    startsAt: Type.Optional(DateTime),
    /** LINK (default): a one-time set-password link; PASSWORD: a generated password, shown once */
    handOver: Type.Optional(Type.Union([Type.Literal('LINK'), Type.Literal('PASSWORD')])),
  },
  { additionalProperties: false },
);
interface CreateWithAdminBody {
  admin: { username: string; fullName: string; email?: string };
  servicePackId?: string;
  months?: number;
  startsAt?: string;
  handOver?: HandOver;
  [field: string]: unknown;
}

const CreatedTenant = Type.Object({
  tenant: tenantResource.schemas.record,
  admin: Type.Object({ id: Uuid, username: Type.String(), fullName: Type.String(), roleCode: Type.String() }),
  subscription: Type.Union([
    Type.Null(),
    Type.Object({ id: Uuid, servicePackId: Uuid, startsAt: DateTime, endsAt: DateTime }),
  ]),
  handOver: Type.Union([
    Type.Object({ kind: Type.Literal('PASSWORD'), username: Type.String(), password: Type.String() }),
    Type.Object({
      kind: Type.Literal('LINK'),
      username: Type.String(),
      link: Type.String(),
      expiresAt: DateTime,
    }),
  ]),
});

const ReasonBody = (required: boolean) =>
  Type.Object(
    {
      reason: required
        ? Type.String({ minLength: 1, maxLength: 500 })
        : Type.Optional(Type.String({ maxLength: 500 })),
    },
    { additionalProperties: false },
  );

const TenantState = Type.Object({
  id: Uuid,
  status: Type.String({ enum: [...TenantStatuses, 'INACTIVE'] }),
  suspendedAt: Type.Union([Type.Null(), DateTime]),
  suspensionReason: Type.Union([Type.Null(), Type.String()]),
  version: Type.Integer(),
});

const Administration = Type.Object({
  ...TenantState.properties,
  subscriptions: Type.Array(
    Type.Object({
      id: Uuid,
      servicePackId: Uuid,
      servicePackCode: Type.String(),
      servicePackName: Type.String(),
      startsAt: DateTime,
      endsAt: DateTime,
      current: Type.Boolean(),
    }),
  ),
});

const SetPasswordBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    newPassword: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
type SetPasswordBody = Type.Static<typeof SetPasswordBody>;

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/**
 * Tenant administration beyond the generic sub-paths (README "Tenants and licences"): create a
 * tenant with its first administrator, add another contact (administrator) to a tenant (POST
 * /api/iam/users/tenant), suspend and resume, the state and subscription history of the
 * detail page; and the public POST /api/iam/set-password of the hand-over link.
 */
export const administrationRoutes: FastifyPluginAsync<{ db: Db; passwords: PasswordHasher }> = async (
  app,
  { db, passwords },
) => {
  app.post(
    '/api/system/tenants/create-with-admin',
    {
      config: { auth: 'user', permission: 'tenant.create', module },
      schema: {
        summary:
          'Create a tenant (with its seed data), its first administrator (role HR_ADMIN) and optionally its subscription, in one transaction; the credentials are answered once',
        tags: ['system/tenants'],
        body: CreateWithAdminBody,
        response: { 200: DataEnvelope(CreatedTenant), ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body as CreateWithAdminBody;
      const { admin, servicePackId, months, startsAt, handOver, ...tenant } = body;
      return envelope(
        await createTenantWithAdmin({ db, passwords }, request, {
          tenant,
          admin,
          servicePackId,
          months,
          startsAt: startsAt === undefined ? undefined : new Date(startsAt),
          handOver: handOver ?? 'LINK',
        }),
      );
    },
  );

  app.post(
    UsersRolesPaths.users.tenantContact,
    {
      config: { auth: 'user', permission: 'tenant.update', module },
      schema: {
        summary:
          'Add a contact to an ACTIVE tenant: an administrator account of it (role HR_ADMIN) whose password is set through a one-time link, answered once',
        tags: ['system/tenants'],
        body: CreateTenantContactBody,
        response: { 200: DataEnvelope(CreatedTenantContact), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        await createTenantContact({ db, passwords }, request, request.body as CreateTenantContactBody),
      ),
  );

  for (const [action, to] of [
    ['suspend', 'SUSPENDED'],
    ['resume', 'ACTIVE'],
  ] as const)
    app.post(
      `/api/system/tenants/:id/${action}`,
      {
        config: { auth: 'user', permission: 'tenant.update', module },
        schema: {
          summary:
            action === 'suspend'
              ? 'Suspend a tenant (with the reason): its users can no longer sign in, refresh or call anything'
              : 'Resume a suspended tenant',
          tags: ['system/tenants'],
          params: IdParams,
          body: ReasonBody(action === 'suspend'),
          response: { 200: DataEnvelope(TenantState), ...errorResponses },
        },
      },
      async (request) => {
        const scope = resourceScopeOf(tenantResource, request);
        const reason = (request.body as { reason?: string } | undefined)?.reason?.trim() || null;
        return envelope(
          await runAsCaller(db, request, (tx) =>
            changeTenantStatus(tx, actionContextOf(request, scope), { tenantId: idOf(request), to, reason }),
          ),
        );
      },
    );

  app.get(
    '/api/system/tenants/:id/administration',
    {
      config: { auth: 'user', permission: 'tenant.view', module },
      schema: {
        summary: "A tenant's status (suspension and its reason) and its subscriptions, oldest first",
        tags: ['system/tenants'],
        params: IdParams,
        response: { 200: DataEnvelope(Administration), ...errorResponses },
      },
    },
    async (request) => {
      resourceScopeOf(tenantResource, request);
      return envelope(await runAsCaller(db, request, (tx) => tenantAdministration(tx, idOf(request))));
    },
  );

  app.post(
    '/api/iam/set-password',
    {
      config: { auth: 'public', throttle: 'refresh-token' },
      schema: {
        summary: 'Set the password of a new account with its one-time link (the link is spent)',
        tags: ['iam'],
        body: SetPasswordBody,
        response: { 200: DataEnvelope(Type.Null()), ...errorResponses },
      },
    },
    async (request) => {
      await setPasswordWithLink({ db, passwords }, request.body as SetPasswordBody);
      return envelope(null);
    },
  );
};
