import Type from 'typebox';
import { FieldLimits } from '../limits.ts';

/**
 * System › Client (catalogues §2.2 `/system/client`, permission `client`): a tenant's API
 * clients for integrations (attendance devices, other intranet systems). Each gets a generated
 * client id and a secret the server shows once (at creation and on rotation) and keeps only as a
 * hash; it trades them for a short-lived bearer token at POST /api/iam/oauth/token
 * (client_credentials, RFC 6749 §4.4) whose authorities are exactly its scopes.
 */
export const CLIENT_ROUTE = '/system/client';
export const ClientApiPaths = {
  list: '/api/system/clients',
  one: '/api/system/clients/:id',
  rotateSecret: '/api/system/clients/:id/rotate-secret',
  revoke: '/api/system/clients/:id/revoke',
  /** POST application/x-www-form-urlencoded (or JSON): grant_type=client_credentials */
  token: '/api/iam/oauth/token',
} as const;

export const ClientStatuses = ['ACTIVE', 'REVOKED'] as const;
export type ClientStatus = (typeof ClientStatuses)[number];

/** A scope is a permission code `<resource>.<action>` of the tenant's catalogue. */
export const CLIENT_SCOPE_MAX = 500;

const ClientFields = {
  name: Type.String({ minLength: 1, maxLength: FieldLimits.name }),
  description: Type.Union([Type.String({ maxLength: FieldLimits.description }), Type.Null()]),
  scopes: Type.Array(Type.String({ minLength: 3, maxLength: 100, pattern: '^[a-z_]+\\.[a-z-]+$' }), {
    maxItems: CLIENT_SCOPE_MAX,
    uniqueItems: true,
  }),
  /** yyyy-MM-dd: the last day a token may be issued; null never expires */
  expiresOn: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
};

export const CreateClientBody = Type.Object(
  {
    name: ClientFields.name,
    description: Type.Optional(ClientFields.description),
    scopes: ClientFields.scopes,
    expiresOn: Type.Optional(ClientFields.expiresOn),
  },
  { additionalProperties: false },
);
export type CreateClientBody = Type.Static<typeof CreateClientBody>;

export const UpdateClientBody = Type.Object(
  {
    name: ClientFields.name,
    description: Type.Optional(ClientFields.description),
    scopes: ClientFields.scopes,
    expiresOn: Type.Optional(ClientFields.expiresOn),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type UpdateClientBody = Type.Static<typeof UpdateClientBody>;

export const ApiClient = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  clientId: Type.String(),
  scopes: Type.Array(Type.String()),
  status: Type.Enum(ClientStatuses),
  expiresOn: Type.Union([Type.String(), Type.Null()]),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  version: Type.Integer(),
});
export type ApiClient = Type.Static<typeof ApiClient>;

/** The answer of create and rotate-secret: the only time the secret is ever sent. */
export const ApiClientWithSecret = Type.Object({ client: ApiClient, clientSecret: Type.String() });
export type ApiClientWithSecret = Type.Static<typeof ApiClientWithSecret>;

/** RFC 6749 §5.1 answer (no envelope: OAuth clients read it as the RFC says). */
export const ClientTokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  scope: Type.String(),
});
export type ClientTokenResponse = Type.Static<typeof ClientTokenResponse>;
