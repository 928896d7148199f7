// Writes the starter document templates (packages/server/seed-data/documents/*.docx) from their
// texts in packages/server/src/services/tenant/seeds/documents/starter-document-texts.ts, with
// the server's own .docx writer (README "Seed data", "Starter document templates"). Run after
// changing a text, then check the files in:
//   node scripts/seed-data/documents.mjs
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'server');
execFileSync(
  join(server, 'node_modules', '.bin', 'tsx'),
  ['src/services/tenant/seeds/documents/generate-starter-documents.ts'],
  { cwd: server, stdio: 'inherit' },
);
