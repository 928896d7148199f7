// Generates src/parser.generated.ts from src/grammar.peggy with peggy's API, formatted by the
// project's prettier so that `prettier --check .` passes on it. Run after editing the grammar:
//   node shared/formula/scripts/generate-parser.mjs
// src/parser.test.ts generates it again in memory and fails when the checked-in file differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateParserSource, parserFile } from './parser-source.mjs';

const source = await generateParserSource();
writeFileSync(parserFile, source);
console.log(
  `wrote ${fileURLToPath(new URL(`file://${parserFile}`))} (${readFileSync(parserFile).length} bytes)`,
);
