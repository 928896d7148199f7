import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tx } from '../../../../db/database.ts';
import { files } from '../../../../db/tables/files.ts';
import { resolveServerPaths } from '../../../../paths.ts';
import type { FileStore } from '../../../storage/stores/store.ts';
import { documentTemplateResource } from '../../../system/document-templates/resources.ts';
import { checkStarterRows, writeSeedRows, type StarterSeed } from '../tenant-seeds.ts';
import { STARTER_DOCUMENTS, type StarterDocument } from './starter-document-texts.ts';

/*
 * The starter document templates (README "Seed data", "Starter document templates"): the .docx
 * files of seed-data/documents, built from starter-document-texts.ts by
 * `node scripts/seed-data/documents.mjs`, and given to every new tenant as ACTIVE document
 * templates. The bytes are the product's, the same for every tenant: they are put in the file
 * store once, under a key named after their digest (`product/document-templates/<sha256>.docx`),
 * by the first start that finds them missing (storeStarterDocuments, app.ts), and each tenant
 * gets its own `files` row pointing at that key and its own template records. A tenant's
 * seeding therefore writes rows only, in its creating transaction, and needs no store; the store
 * never deletes a file's bytes (a deleted file is only marked), so the shared object outlives any
 * tenant's changes, and an administrator who edits a template uploads a new file of the tenant's own.
 */

/** Where the generated .docx files are checked in. */
export const STARTER_DOCUMENTS_DIR = join(resolveServerPaths().serverRoot, 'seed-data', 'documents');

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface StarterFile {
  readonly document: StarterDocument;
  readonly bytes: Buffer;
  readonly sha256: string;
  readonly key: string;
}

let loaded: Promise<StarterFile[]> | undefined;

/** The starter files with their digests and store keys, read once per process. */
export function starterFiles(): Promise<StarterFile[]> {
  loaded ??= Promise.all(
    STARTER_DOCUMENTS.map(async (document) => {
      const bytes = await readFile(join(STARTER_DOCUMENTS_DIR, document.file));
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return { document, bytes, sha256, key: `product/document-templates/${sha256}.docx` };
    }),
  ).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/**
 * Puts the starter files the store does not hold yet into it, where tenants' template records
 * find them: at each start, before any request. A key is named after its bytes' digest, so a key
 * already there holds these very bytes and a restart writes nothing (only a new product version's
 * changed files). Answers how many files were written.
 */
export async function storeStarterDocuments(store: FileStore): Promise<number> {
  const starters = await starterFiles();
  const held = await Promise.all(starters.map(({ key }) => store.exists(key)));
  const missing = starters.filter((_, index) => !held[index]);
  if (missing.length === 0) return 0;
  const work = await mkdtemp(join(tmpdir(), 'hcm-starter-documents-'));
  try {
    for (const { bytes, sha256, key } of missing) {
      // put() takes a finished file and moves it into place
      const path = join(work, `${sha256}.docx`);
      await writeFile(path, bytes);
      await store.put(key, path, { size: bytes.length, sha256, contentType: DOCX_MIME });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return missing.length;
}

/** The tenant's file rows for the starter files: the product's, no creator. */
async function fileRowsFor(tx: Tx, tenantId: string, starters: readonly StarterFile[]) {
  const rows = starters.map(({ document, bytes, sha256, key }) => {
    const id = randomUUID();
    return {
      id,
      tenantId,
      // the name the administrator sees and downloads the template under
      originalName: `${document.name}.docx`,
      fileName: `${id}.docx`,
      storageKey: key,
      hashed: sha256,
      ownerId: null,
      ownerType: 'DOCUMENT_TEMPLATE',
      version: 1,
      size: bytes.length,
      type: DOCX_MIME,
      createdBy: null,
    };
  });
  await tx.insert(files).values(rows);
  return rows.map((row) => row.id);
}

/**
 * One ACTIVE document template per starter file (labour contract, probation agreement, annex,
 * and the reward, discipline, transfer, appointment, dismissal and resignation decisions):
 * ordinary tenant data, which HR renames, replaces or deactivates.
 */
export const starterDocumentTemplates: StarterSeed = {
  name: 'document-templates',
  async seed(tx, tenantId) {
    const starters = await starterFiles();
    const fileIds = await fileRowsFor(tx, tenantId, starters);
    const rows = starters.map(({ document }, index) => ({
      name: document.name,
      type: document.type,
      ...(document.subTypes ? { subTypes: [...document.subTypes] } : {}),
      file: fileIds[index],
      note: document.note,
    }));
    const checked = checkStarterRows('document-templates', documentTemplateResource, rows);
    return {
      [documentTemplateResource.name]: await writeSeedRows(tx, tenantId, documentTemplateResource, checked),
    };
  },
};
