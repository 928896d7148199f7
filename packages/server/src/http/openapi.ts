import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
// for the FastifyContextConfig.resource declaration
import '../resources/routes/route-options.ts';

export const DOCS_PATH = '/api/docs';
export const DOCS_JSON_PATH = `${DOCS_PATH}/json`;

type Schema = Record<string, unknown>;

const asList = (permission: string | readonly string[] | undefined): string[] =>
  permission === undefined ? [] : typeof permission === 'string' ? [permission] : [...permission];

/** What the OpenAPI document cannot infer from a multipart route: its one file field. */
const FILE_BODY = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'the xlsx file' } },
};

/**
 * Adds to each operation who may call it, from the route's own `config` (the same declaration
 * the authorization hook enforces): `x-auth`, `x-permission` (the codes of which any one
 * suffices), `x-module`, a line in the description, and the bearer security requirement; on
 * routes of the resource framework also `x-resource` (the permission resource they serve).
 */
export function describeAccess({
  schema: given,
  url,
  route,
}: {
  schema?: unknown;
  url: string;
  route: RouteOptions;
}) {
  const schema = given as Schema | undefined;
  const { auth, permission, module, resource } = route.config ?? {};
  const codes = asList(permission);
  const who =
    auth !== 'user'
      ? 'Public: no sign-in needed.'
      : codes.length === 0
        ? 'Any signed-in user.'
        : `Permission: ${codes.join(' or ')}.`;
  const access = module ? `${who} Module: ${module}.` : who;
  const description = typeof schema?.description === 'string' ? `${schema.description}\n\n${access}` : access;
  const consumes = Array.isArray(schema?.consumes) ? (schema.consumes as string[]) : [];
  return {
    url,
    schema: {
      ...schema,
      description,
      'x-auth': auth ?? 'public',
      'x-permission': codes,
      ...(module ? { 'x-module': module } : {}),
      ...(resource ? { 'x-resource': resource.resource } : {}),
      ...(auth === 'user' ? { security: [{ bearer: [] }] } : {}),
      ...(consumes.includes('multipart/form-data') && !schema?.body ? { body: FILE_BODY } : {}),
    },
  };
}

/**
 * The OpenAPI 3 document, generated from the routes' own schemas, at GET /api/docs/json, and
 * Swagger UI at /api/docs. Registered before the routes (it collects them as they are added)
 * and before the authentication hook; its own routes are public.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'HCM portal API',
        version: '0.1.0',
        description:
          'Envelopes: `{data}`, lists `{data, page: {pageIndex, pageSize, total}}`, errors `{code, message, errors?: [{field, code, message}]}`. Each operation names the permission it needs (`x-permission`) and its application module (`x-module`).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: describeAccess,
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' };
    });
    await docs.register(swaggerUi, { routePrefix: DOCS_PATH });
  });
}
