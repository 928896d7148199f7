import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import type { App } from './types.ts';

type Serializer = (data: unknown) => string;

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's response serializers (`http/serialization.ts`) */
    responseSerializers: ResponseSerializers;
  }
}

/** The response serializers of one app: compiled when first needed, once per distinct schema. */
export interface ResponseSerializers {
  compiler: FastifySerializerCompiler<unknown>;
  /** compiles every schema given so far; throws at the first that does not compile */
  compileEvery(): number;
}

/**
 * Fastify's default compiles every response schema of every route (each status of each of some
 * 400 routes) before the app is ready: about 2 s of a 2.6 s start, paid again by every test
 * server and by every restart of the portal. Here a route's serializer is built the first time
 * that route answers with that status, and a schema the same as another's (the error envelope of
 * every route) is compiled once. What it writes is the same: fast-json-stringify with Fastify's
 * own options (no shared schemas here), which also leaves out every field the schema does not
 * declare.
 */
export function createResponseSerializers(): ResponseSerializers {
  const compiled = new Map<string, Serializer>();
  const compileText = (text: string, schema: unknown): Serializer => {
    let serializer = compiled.get(text);
    if (!serializer) {
      serializer = fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0], {
        schema: {},
      }) as Serializer;
      compiled.set(text, serializer);
    }
    return serializer;
  };
  const schemas = new Map<string, unknown>();

  return {
    compiler: ({ schema }) => {
      const text = JSON.stringify(schema);
      if (!schemas.has(text)) schemas.set(text, schema);
      let serializer: Serializer | undefined;
      return (data) => (serializer ??= compileText(text, schema))(data);
    },
    compileEvery() {
      for (const [text, schema] of schemas) compileText(text, schema);
      return schemas.size;
    },
  };
}

/** Gives `app` serializers built when first needed (`createResponseSerializers`). */
export function registerResponseSerializers(app: App): void {
  const serializers = createResponseSerializers();
  app.setSerializerCompiler(serializers.compiler);
  app.decorate('responseSerializers', serializers);
}
