import { ApiPaths, ErrorCodes, type Profile, type TokenSet } from '@hcm/contracts';

/** One call the page made, as the fake saw it. */
export interface FakeCall {
  method: string;
  path: string;
  /** the query string the client sent (paging, keyword, filters) */
  query: URLSearchParams;
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
 * The one fake of the API for browser (component) tests, plugged into @hcm/session's axios
 * client as its fetch (configureHttp); its IAM answers (`healthyIam`, `answerIam`) are the ones
 * every browser fake uses, including the UI kit's FakeResourceApi. Error codes come from
 * @hcm/contracts. End-to-end tests use the real server instead.
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

  /** The query of the last call to `path`, if any. */
  lastQuery(path: string): URLSearchParams | undefined {
    return this.callsTo(path).at(-1)?.query;
  }

  readonly fetch = async (input: URL | Request | string, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const url = new URL(request.url);
    const call: FakeCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    this.calls.push(call);
    const handler = this.#handlers.get(`${call.method} ${call.path}`);
    const reply: FakeReply = handler
      ? await handler(call)
      : { status: 404, body: { code: ErrorCodes.notFound, message: call.path } };
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

const expired = (): FakeReply => ({
  status: 401,
  body: { code: ErrorCodes.unauthorized, message: 'expired' },
});

/** What the fake IAM holds: the signed-in user's profile (null: nobody can sign in). */
export interface FakeIamState {
  profile: Profile | null;
  /** the password that signs in (default "right") */
  password?: string;
}

/**
 * The answer of the fake IAM to a call under /api/iam, or null for any other path: the password
 * signs in (issuedTokens), the profile needs access-1 and takes changes (POST /me/profile:
 * name, e-mail, language, as the server stores them), logout answers.
 */
export function answerIam(call: FakeCall, state: FakeIamState): FakeReply | null {
  const signedIn = call.headers.get('authorization') === `Bearer ${issuedTokens.accessToken}`;
  const key = `${call.method} ${call.path}`;
  if (key === `POST ${ApiPaths.iam.authenticate}`)
    return state.profile && (call.body as { password?: string }).password === (state.password ?? 'right')
      ? { status: 200, body: { data: issuedTokens } }
      : {
          status: 401,
          body: { code: ErrorCodes.invalidCredentials, message: 'Tên đăng nhập hoặc mật khẩu không đúng' },
        };
  if (key === `GET ${ApiPaths.iam.meProfile}`)
    return signedIn && state.profile ? { status: 200, body: { data: state.profile } } : expired();
  if (key === `POST ${ApiPaths.iam.meProfile}`) {
    if (!signedIn || !state.profile) return expired();
    const changes = call.body as Partial<Pick<Profile, 'fullName' | 'email' | 'language'>>;
    state.profile = {
      ...state.profile,
      ...changes,
      ...(changes.language ? { language: changes.language.toLowerCase() as Profile['language'] } : {}),
    };
    return { status: 200, body: { data: state.profile } };
  }
  if (key === `POST ${ApiPaths.iam.logout}`) return { status: 200, body: { data: null } };
  return null;
}

/** A healthy IAM on `api`: password "right" signs in as `initialProfile` (see answerIam). */
export function healthyIam(api = new FakeApi(), initialProfile: Profile = hrAdminProfile): FakeApi {
  const state: FakeIamState = { profile: initialProfile };
  for (const [method, path] of [
    ['POST', ApiPaths.iam.authenticate],
    ['GET', ApiPaths.iam.meProfile],
    ['POST', ApiPaths.iam.meProfile],
    ['POST', ApiPaths.iam.logout],
  ] as const)
    api.on(method, path, (call) => answerIam(call, state) ?? expired());
  return api;
}
