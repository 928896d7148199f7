import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake server saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  /** Milliseconds to wait before answering, to make calls overlap. */
  delayMs?: number;
  /** Extra answer headers (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** The reason phrase; Node's default for the status otherwise (e.g. "Not Found"). */
  statusText?: string;
  /** A body sent as it is (an event stream), instead of `body` as JSON. */
  rawBody?: string;
}

export type FakeRoute = (request: RecordedRequest) => FakeAnswer;

export interface FakeApiServer {
  baseURL: string;
  requests: RecordedRequest[];
  /** Sets the answer of `METHOD /path`. */
  route(key: string, answer: FakeRoute): void;
  requestsTo(path: string): RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on a free local port that answers from a table of routes and records what
 * it was sent: tests then exercise axios, its adapter and the interceptors as they run for real.
 */
export async function startFakeApiServer(): Promise<FakeApiServer> {
  const routes = new Map<string, FakeRoute>();
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://fake.invalid').pathname;
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path,
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      requests.push(recorded);
      const route = routes.get(`${recorded.method} ${path}`);
      const answer = route
        ? route(recorded)
        : { status: 404, body: { code: 'NOT_FOUND', message: `no route ${path}` } };
      setTimeout(() => {
        const headers = { 'content-type': 'application/json', ...answer.headers };
        if (answer.statusText === undefined) res.writeHead(answer.status, headers);
        else res.writeHead(answer.status, answer.statusText, headers);
        res.end(answer.rawBody ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    route: (key, answer) => void routes.set(key, answer),
    requestsTo: (path) => requests.filter((r) => r.path === path),
    // Idempotent: a test may stop the server to simulate an unreachable API.
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      })),
  };
}
