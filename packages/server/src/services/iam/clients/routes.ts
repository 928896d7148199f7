import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, FieldErrorKeys, ForbiddenReasons } from '@hcm/contracts';
import {
  ApiClient,
  ApiClientWithSecret,
  ClientApiPaths,
  ClientTokenResponse,
  CreateClientBody,
  UpdateClientBody,
} from '@hcm/contracts/system';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { callerScope, requireActor, runAsCaller } from '../../../http/caller-scope.ts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { forbiddenBecause, validationFailed } from '../../../http/errors.ts';
import { actionContextOf } from '../../../resources/caller.ts';
import type { IamDeps } from '../deps.ts';
import { findClient, listClients, presentClient } from './client-store.ts';
import { issueClientToken, type ClientCredentials } from './issue-client-token.ts';
import {
  createClient,
  revokeClient,
  rotateClientSecret,
  updateClient,
  type ClientWriter,
} from './manage-clients.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** The token request's fields (RFC 6749 §4.4.2, §2.3.1); each as the form carries it. */
const TokenBody = Type.Object({
  grant_type: Type.String({ maxLength: 100 }),
  client_id: Type.Optional(Type.String({ maxLength: 64 })),
  client_secret: Type.Optional(Type.String({ maxLength: 200 })),
  scope: Type.Optional(Type.String({ maxLength: 10_000 })),
});

/** HTTP Basic first (RFC 6749 §2.3.1 says servers must support it), then the form's fields. */
function credentialsOf(request: FastifyRequest, body: Type.Static<typeof TokenBody>): ClientCredentials {
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0)
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon)),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
      };
  }
  if (body.client_id && body.client_secret)
    return { clientId: body.client_id, clientSecret: body.client_secret };
  throw validationFailed([
    { field: 'client_id', code: FieldErrorKeys.required, message: 'is required (HTTP Basic or the form)' },
  ]);
}

/**
 * API clients: the tenant's list at /api/system/clients (permission `client`) and the token
 * endpoint /api/iam/oauth/token (public; the client's id and secret are its credentials).
 */
export const clientRoutes: FastifyPluginAsyncTypebox<{ deps: IamDeps }> = async (app, { deps }) => {
  // OAuth clients post forms (RFC 6749 §4.4.2); only this plugin's routes read them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  const tags = ['system/clients'];
  const writer = (request: FastifyRequest): ClientWriter => ({
    db: deps.db,
    actor: requireActor(request),
    context: actionContextOf(request, callerScope(request)),
  });
  // A tenant's list: system users (root included, who passes every permission) get 403, as
  // for every tenant-level resource.
  const tenantOf = (request: FastifyRequest): string => {
    const tenantId = callerScope(request).tenantId;
    if (tenantId === null)
      throw forbiddenBecause(
        ForbiddenReasons.tenantOnly,
        'API clients belong to a tenant: sign in as one of its users',
      );
    return tenantId;
  };
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.auth === 'user') tenantOf(request);
  });

  app.post(
    ClientApiPaths.token,
    {
      config: { auth: 'public', throttle: 'sign-in' },
      schema: {
        summary:
          'OAuth 2.0 client credentials grant: a bearer token whose authorities are the client’s scopes',
        tags: ['iam/oauth'],
        operationId: 'iam.oauth.token',
        body: TokenBody,
        response: { 200: ClientTokenResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Tokens must never be cached (RFC 6749 §5.1).
      reply.header('cache-control', 'no-store');
      if (request.body.grant_type !== 'client_credentials')
        throw validationFailed([
          { field: 'grant_type', code: FieldErrorKeys.invalidValue, message: 'must be client_credentials' },
        ]);
      return issueClientToken(deps, credentialsOf(request, request.body), request.ip);
    },
  );

  app.get(
    ClientApiPaths.list,
    {
      config: { auth: 'user', permission: 'client.view' },
      schema: {
        summary: 'API clients of the tenant, newest first (no secret)',
        tags,
        operationId: 'system.clients.list',
        response: { 200: DataEnvelope(Type.Array(ApiClient)), ...errorResponses },
      },
    },
    async (request) => envelope(await runAsCaller(deps.db, request, (tx) => listClients(tx))),
  );

  app.get(
    ClientApiPaths.one,
    {
      config: { auth: 'user', permission: 'client.view' },
      schema: {
        summary: 'One API client (no secret)',
        tags,
        operationId: 'system.clients.get',
        params: IdParams,
        response: { 200: DataEnvelope(ApiClient), ...errorResponses },
      },
    },
    async (request) =>
      envelope(
        presentClient(
          await runAsCaller(deps.db, request, (tx) => findClient(tx, tenantOf(request), request.params.id)),
        ),
      ),
  );

  app.post(
    ClientApiPaths.list,
    {
      config: { auth: 'user', permission: 'client.create' },
      schema: {
        summary: 'Create an API client: the answer carries its secret, shown this once',
        tags,
        operationId: 'system.clients.create',
        body: CreateClientBody,
        response: { 200: DataEnvelope(ApiClientWithSecret), ...errorResponses },
      },
    },
    async (request) => envelope(await createClient(writer(request), request.body)),
  );

  app.put(
    ClientApiPaths.one,
    {
      config: { auth: 'user', permission: 'client.update' },
      schema: {
        summary: 'Change an API client’s name, description, scopes and expiry (409 on a stale version)',
        tags,
        operationId: 'system.clients.update',
        params: IdParams,
        body: UpdateClientBody,
        response: { 200: DataEnvelope(ApiClient), ...errorResponses },
      },
    },
    async (request) => envelope(await updateClient(writer(request), request.params.id, request.body)),
  );

  app.post(
    ClientApiPaths.rotateSecret,
    {
      config: { auth: 'user', permission: 'client.update' },
      schema: {
        summary: 'A new secret, shown this once; tokens of the old one are refused from their next request',
        tags,
        operationId: 'system.clients.rotateSecret',
        params: IdParams,
        response: { 200: DataEnvelope(ApiClientWithSecret), ...errorResponses },
      },
    },
    async (request) => envelope(await rotateClientSecret(writer(request), request.params.id)),
  );

  app.post(
    ClientApiPaths.revoke,
    {
      config: { auth: 'user', permission: 'client.update' },
      schema: {
        summary: 'Revoke an API client for good: no new token, its tokens refused from their next request',
        tags,
        operationId: 'system.clients.revoke',
        params: IdParams,
        response: { 200: DataEnvelope(ApiClient), ...errorResponses },
      },
    },
    async (request) => envelope(await revokeClient(writer(request), request.params.id)),
  );
};
