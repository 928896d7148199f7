import { ApiPaths, type Profile, type TokenSet } from '@hcm/contracts';

/** One call the page made, as the fake saw it. */
export interface FakeCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

export interface FakeReply {
  status: number;
  body?: unknown;
  /** answer headers besides content-type (e.g. x-captcha-required) */
  headers?: Record<string, string>;
}

type Handler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

/**
 * A stand-in for the API inside component tests, plugged into @hcm/session's axios client as
 * its fetch (configureHttp). End-to-end tests use the real server instead.
 */
export class FakeApi {
  readonly calls: FakeCall[] = [];
  readonly #handlers = new Map<string, Handler>();

  on(method: string, path: string, handler: Handler): this {
    this.#handlers.set(`${method} ${path}`, handler);
    return this;
  }

  callsTo(path: string): FakeCall[] {
    return this.calls.filter((c) => c.path === path);
  }

  readonly fetch = async (input: URL | Request | string, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const call: FakeCall = {
      method: request.method,
      path: new URL(request.url).pathname,
      headers: request.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    this.calls.push(call);
    const handler = this.#handlers.get(`${call.method} ${call.path}`);
    const reply: FakeReply = handler
      ? await handler(call)
      : { status: 404, body: { code: 'NOT_FOUND', message: call.path } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };
}

export const hrAdminProfile = {
  id: 'u-1',
  username: 'hradmin',
  fullName: 'Quản trị Nhân sự',
  email: 'hr@example.vn',
  tenantId: 't-1',
  tenantName: 'Công ty Minh An',
  language: 'vi',
  userPrimary: { isRoot: false, grantedPermissions: [], userLevel: 'TENANT' },
} satisfies Profile;

export const issuedTokens: TokenSet = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  idToken: 'id-1',
  secretKey: 'secret-1',
};

/**
 * A healthy IAM: password "right" signs in; the profile needs access-1 and takes changes (POST
 * /me/profile: name, e-mail, language, as the server stores them); logout answers.
 */
export function healthyIam(api = new FakeApi(), initialProfile: Profile = hrAdminProfile): FakeApi {
  let profile: Profile = initialProfile;
  const signedIn = (headers: Headers) => headers.get('authorization') === 'Bearer access-1';
  return api
    .on('POST', ApiPaths.iam.authenticate, ({ body }) =>
      (body as { password?: string }).password === 'right'
        ? { status: 200, body: { data: issuedTokens } }
        : {
            status: 401,
            body: { code: 'INVALID_CREDENTIALS', message: 'Tên đăng nhập hoặc mật khẩu không đúng' },
          },
    )
    .on('GET', ApiPaths.iam.meProfile, ({ headers }) =>
      signedIn(headers)
        ? { status: 200, body: { data: profile } }
        : { status: 401, body: { code: 'UNAUTHORIZED', message: 'expired' } },
    )
    .on('POST', ApiPaths.iam.meProfile, ({ headers, body }) => {
      if (!signedIn(headers)) return { status: 401, body: { code: 'UNAUTHORIZED', message: 'expired' } };
      const changes = body as Partial<Pick<Profile, 'fullName' | 'email' | 'language'>>;
      profile = {
        ...profile,
        ...changes,
        ...(changes.language ? { language: changes.language.toLowerCase() as Profile['language'] } : {}),
      };
      return { status: 200, body: { data: profile } };
    })
    .on('POST', ApiPaths.iam.logout, () => ({ status: 200, body: { data: null } }));
}
