import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPaths, DataEnvelope, PortalTheme } from '@hcm/contracts';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import type { ThemeConfig } from './theme-config.ts';

/**
 * GET /api/system/public/theme: read by every page at start, before anyone signs in. It changes
 * only with a restart, but is revalidated each time so a new theme shows on the next page load.
 */
export const themeRoutes: FastifyPluginAsyncTypebox<{ theme: ThemeConfig }> = async (app, { theme }) => {
  app.get(
    ApiPaths.theme.current,
    {
      config: { auth: 'public' },
      schema: {
        summary: "The deployment's theme: its type and its own logo, if any",
        tags: ['system/theme'],
        response: { 200: DataEnvelope(PortalTheme), ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return envelope(theme);
    },
  );
};
