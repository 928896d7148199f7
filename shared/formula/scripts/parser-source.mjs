// The checked-in parser's text as the grammar generates it (used by the generator and its test).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import peggy from 'peggy';
import * as prettier from 'prettier';

export const grammarFile = fileURLToPath(new URL('../src/grammar.peggy', import.meta.url));
export const parserFile = fileURLToPath(new URL('../src/parser.generated.ts', import.meta.url));

const HEADER = `/* eslint-disable */
// @ts-nocheck
// GENERATED from grammar.peggy by scripts/generate-parser.mjs (peggy ${peggy.VERSION}): do not edit.
// The typed entry point is parse.ts.
`;

export async function generateParserSource() {
  const grammar = readFileSync(grammarFile, 'utf8');
  const code = peggy.generate(grammar, {
    output: 'source',
    format: 'es',
    grammarSource: 'grammar.peggy',
    allowedStartRules: ['Formula'],
  });
  const options = (await prettier.resolveConfig(parserFile)) ?? {};
  return prettier.format(HEADER + code, { ...options, filepath: parserFile });
}
