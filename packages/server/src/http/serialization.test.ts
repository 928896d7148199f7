import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerResponseSerializers } from './serialization.ts';
import type { App } from './types.ts';

const Person = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name'],
} as const;

/** A bare Fastify app with the portal's serializers and two routes answering the same schema. */
async function appWithTwoRoutes(answer: unknown) {
  const app = Fastify() as unknown as App;
  registerResponseSerializers(app);
  for (const url of ['/a', '/b'])
    app.get(url, { schema: { response: { 200: { ...Person } } } }, async () => answer as never);
  await app.ready();
  return app;
}

describe('response serializers built when first needed', () => {
  it("leaves out every field the schema does not declare, as Fastify's own serializer does", async () => {
    const app = await appWithTwoRoutes({ name: 'Lan', age: 30, passwordHash: 'secret' });
    const answer = await app.inject({ method: 'GET', url: '/a' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ name: 'Lan', age: 30 });
    await app.close();
  });

  it('refuses an answer that lacks a required field, as before (a 500, not a half answer)', async () => {
    const app = await appWithTwoRoutes({ age: 30 });
    const answer = await app.inject({ method: 'GET', url: '/b' });
    expect(answer.statusCode).toBe(500);
    await app.close();
  });

  it('compiles a schema that several routes share once', async () => {
    const app = await appWithTwoRoutes({ name: 'Lan' });
    expect(app.responseSerializers.compileEvery()).toBe(1);
    await app.close();
  });
});
