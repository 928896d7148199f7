import { API_PREFIX, ErrorCodes, type ErrorEnvelope } from '@hcm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface FrontEnd {
  /** false when STATIC_DIR does not exist: the API runs alone and pages answer 503 */
  available: boolean;
  root: string;
}

const isApiPath = (url: string) =>
  url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  (request.headers.accept ?? '').includes('text/html');

const NOT_BUILT_HTML = `<!doctype html><html lang="vi"><meta charset="utf-8"><title>HCM</title>
<p>The front end is not built yet. Run <code>pnpm build</code>, then restart the server.</p>
<p>Giao diện chưa được build. Hãy chạy <code>pnpm build</code> rồi khởi động lại máy chủ.</p></html>`;

/**
 * What answers when no route matched (also when @fastify/static finds no file):
 * - anything under /api: JSON 404, whatever the method;
 * - a page request (GET accepting text/html): the portal's index.html, whose router shows the
 *   page (/dashboard, /login, ...); 503 if the front end was not built;
 * - anything else (a missing script or image): JSON 404, never index.html in its place.
 */
export function createNotFoundHandler(frontEnd: FrontEnd) {
  return function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const path = request.url;
    if (!isApiPath(path) && (wantsPage(request) || (path === '/' && !frontEnd.available))) {
      if (!frontEnd.available) {
        if (wantsPage(request))
          return reply
            .status(503)
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(NOT_BUILT_HTML);
        const body: ErrorEnvelope = {
          code: ErrorCodes.frontEndNotBuilt,
          message: 'The front end is not built: run `pnpm build`',
        };
        return reply.status(503).header('cache-control', 'no-store').send(body);
      }
      return reply.sendFile('index.html');
    }
    const body: ErrorEnvelope = {
      code: ErrorCodes.notFound,
      message: `No route for ${request.method} ${path.split('?')[0]}`,
    };
    return reply.status(404).send(body);
  };
}
