import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTokenSigner } from '../tokens/token-signer.ts';
import { registerAuthentication } from './authentication.ts';

const signer = createTokenSigner(new Uint8Array(32).fill(7), 60);

describe('registerAuthentication', () => {
  it('refuses an /api route that does not say who may call it', () => {
    const app = Fastify();
    registerAuthentication(app, signer);
    expect(() => app.get('/api/things', async () => 'x')).toThrow(
      "Route GET /api/things must declare config.auth ('public' or 'user')",
    );
    expect(() => app.get('/api/open', { config: { auth: 'public' } }, async () => 'x')).not.toThrow();
    expect(() => app.get('/not-api', async () => 'x')).not.toThrow();
  });

  it('fills request.user from a valid bearer token on auth: user routes', async () => {
    const app = Fastify();
    registerAuthentication(app, signer);
    app.get('/api/me', { config: { auth: 'user' } }, async (request) => request.user);
    const token = await signer.signAccessToken({ userId: 'u-1', tenantId: 't-1', sessionId: 's-1' });
    const ok = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(ok.json()).toMatchObject({ userId: 'u-1', tenantId: 't-1', sessionId: 's-1' });
    const denied = await app.inject({ url: '/api/me', headers: { authorization: `Basic ${token}` } });
    expect(denied.statusCode).toBe(401);
  });
});
