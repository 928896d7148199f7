// index.html of the portal. It names no module file: SystemJS reads /importmap.json, so
// rebuilding a module changes only the import map, never the page. In development,
// import-map-overrides comes after the import map and before SystemJS: it adds its own map
// after the page's, and SystemJS lets the later map win.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './import-map-modules.mjs';

/**
 * The default icon inline, as a data: URL: Chromium fetches a page's icon again on every
 * same-document navigation (the sign-in redirect, each route change), so a file would be asked
 * for several times; 222 bytes inline are asked for never. A customer theme's icon (added by
 * the shell) still takes its place.
 */
function inlineDefaultIcon(template) {
  const svg = readFileSync(join(repoRoot, 'root-config/src/themes/default-icon.svg'), 'utf8').trim();
  return template.replace(
    'href="/themes/default-icon.svg"',
    `href="data:image/svg+xml,${encodeURIComponent(svg)}"`,
  );
}

export function renderIndexHtml({ systemjs, overrides }) {
  const template = inlineDefaultIcon(readFileSync(join(repoRoot, 'root-config/src/index.html'), 'utf8'));
  const devTools = overrides
    ? [
        '<meta name="importmap-type" content="systemjs-importmap" />',
        `<script src="${overrides}"></script>`,
        '<import-map-overrides-full show-when-local-storage="devtools" dev-libs></import-map-overrides-full>',
      ].join('\n    ')
    : '';
  return template.replace('<!-- %DEV_TOOLS% -->', devTools).replace('%SYSTEMJS%', systemjs);
}
