import { ApiPaths, ErrorCodes } from '@hcm/contracts';
import type { FakeApiServer } from './fake-api-server.ts';
import { sampleProfile, sampleTokens } from './fixtures.ts';

/**
 * The IAM answers of a healthy server: password "right" signs in, the profile needs the current
 * access token, refresh hands out the next numbered token set.
 */
export function routeHealthyIam(server: FakeApiServer): { refreshes: () => number } {
  let generation = 1;
  server.route(`POST ${ApiPaths.iam.authenticate}`, ({ body }) => {
    const { password } = body as { password?: string };
    if (password === 'right') return { status: 200, body: { data: sampleTokens(String(generation)) } };
    return {
      status: 401,
      body: { code: ErrorCodes.invalidCredentials, message: 'Sai tên đăng nhập hoặc mật khẩu' },
    };
  });
  server.route(`GET ${ApiPaths.iam.meProfile}`, ({ headers }) =>
    headers.authorization === `Bearer access-${generation}`
      ? { status: 200, body: { data: sampleProfile } }
      : { status: 401, body: { code: ErrorCodes.unauthorized, message: 'expired' } },
  );
  server.route(`POST ${ApiPaths.iam.refreshToken}`, ({ body }) => {
    if ((body as { refreshToken?: string }).refreshToken !== `refresh-${generation}`) {
      return { status: 401, body: { code: ErrorCodes.unauthorized, message: 'bad refresh token' } };
    }
    generation += 1;
    return { status: 200, body: { data: sampleTokens(String(generation)) }, delayMs: 30 };
  });
  server.route(`POST ${ApiPaths.iam.logout}`, () => ({ status: 200, body: { data: null } }));
  return { refreshes: () => generation - 1 };
}
