import type { ErrorEnvelope } from '@hcm/contracts';

export interface HttpResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Real HTTP with fetch against a listening test server; JSON in and out. */
export function httpClient(baseUrl: string) {
  const request = async <T>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
  ) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined;
    if (options.raw !== undefined) payload = options.raw;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const body = type.includes('json') && text ? (JSON.parse(text) as T) : (text as T);
    return { status: response.status, headers: response.headers, body } satisfies HttpResult<T>;
  };
  return {
    request,
    get: <T = unknown>(path: string, token?: string, headers?: Record<string, string>) =>
      request<T>('GET', path, { token, headers }),
    post: <T = unknown>(path: string, body?: unknown, token?: string, headers?: Record<string, string>) =>
      request<T>('POST', path, { body, token, headers }),
  };
}

export type HttpClient = ReturnType<typeof httpClient>;
export type ErrorResult = HttpResult<ErrorEnvelope>;
