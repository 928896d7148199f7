import { ErrorCodes } from '@hcm/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The deepest nesting of arrays and objects a JSON request body may have. The deepest body the
 * API declares is 4 levels (a batch of approval requests: body › items › item › its fields),
 * and no route takes free-form JSON; 32 leaves room for bodies yet to come while keeping every
 * walk over a body (the control-character check, schema validation, logging) far from the
 * stack's end. A body nested 200,000 deep once ran that check out of stack: a 500.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * How deep arrays and objects nest in the JSON `text`, in one pass without recursion; brackets
 * inside strings (escapes included) do not count. It stops reading as soon as the depth passes
 * `stopAbove`, so a hostile body costs no more than its first bytes. Malformed text gets some
 * number: JSON.parse refuses it afterwards.
 */
export function jsonNestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH)
        i++; // the escaped character, a quote or not, is part of the string
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) depth--;
  }
  return deepest;
}

export const nestedTooDeep = () =>
  new AppError(
    400,
    ErrorCodes.validation,
    `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
  );

/**
 * application/json bodies: refused with 400 when nested deeper than MAX_JSON_DEPTH, before
 * anything reads them; the rest is Fastify's own parser (secure-json-parse, with the app's
 * __proto__ and constructor handling; the body limit is Fastify's, as the parser is looked up
 * per request), so nothing of its protection is lost.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parseSecurely = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(nestedTooDeep(), undefined);
      return;
    }
    parseSecurely(request, text, done);
  });
}
