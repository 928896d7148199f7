// The theme files (root-config/src/themes: a stylesheet and an icon per customer theme, a logo per
// theme) published as /themes/*, under their own names: the shell asks for them by theme type.
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './import-map-modules.mjs';

export const themesSourceDir = join(repoRoot, 'root-config/src/themes');

/** Copies the theme files into `outDir/themes`; returns their paths relative to outDir. */
export function copyThemes(outDir) {
  cpSync(themesSourceDir, join(outDir, 'themes'), { recursive: true });
  return publishedThemeFiles(outDir);
}

/** The theme files an output folder holds (an --only rebuild keeps those of the full build). */
export function publishedThemeFiles(outDir) {
  const dir = join(outDir, 'themes');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /\.(css|svg)$/.test(f))
    .sort()
    .map((f) => `themes/${f}`);
}
