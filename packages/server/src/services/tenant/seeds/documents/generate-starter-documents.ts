import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { STARTER_DOCUMENTS, type StarterDocument } from './starter-document-texts.ts';
import { STARTER_DOCUMENTS_DIR } from './starter-documents.ts';
import { buildDocx } from './wordprocessing.ts';

/** The .docx of one starter template: the same bytes for the same text. */
export const starterDocx = (document: StarterDocument): Buffer => buildDocx(document.name, document.blocks);

/**
 * Writes seed-data/documents/*.docx from starter-document-texts.ts; run by
 * `node scripts/seed-data/documents.mjs` after changing a text, and check the files in
 * (starter-documents.test.ts fails while a checked-in file differs from its text).
 */
async function main(): Promise<void> {
  await mkdir(STARTER_DOCUMENTS_DIR, { recursive: true });
  for (const document of STARTER_DOCUMENTS) {
    await writeFile(join(STARTER_DOCUMENTS_DIR, document.file), starterDocx(document));
    console.log(`seed-data/documents/${document.file}: ${document.name}`);
  }
}

if (process.argv[1]?.endsWith('generate-starter-documents.ts')) await main();
