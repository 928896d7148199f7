// index.html of the portal. It names no module file: SystemJS reads /importmap.json, so
// rebuilding a module changes only the import map, never the page. In development,
// import-map-overrides comes after the import map and before SystemJS: it adds its own map
// after the page's, and SystemJS lets the later map win.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './import-map-modules.mjs';

export function renderIndexHtml({ systemjs, overrides }) {
  const template = readFileSync(join(repoRoot, 'root-config/src/index.html'), 'utf8');
  const devTools = overrides
    ? [
        '<meta name="importmap-type" content="systemjs-importmap" />',
        `<script src="${overrides}"></script>`,
        '<import-map-overrides-full show-when-local-storage="devtools" dev-libs></import-map-overrides-full>',
      ].join('\n    ')
    : '';
  return template.replace('<!-- %DEV_TOOLS% -->', devTools).replace('%SYSTEMJS%', systemjs);
}
