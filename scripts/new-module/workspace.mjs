// What the generator reads from a checkout (the menu, the declared apps, the shell's menu texts,
// the workspace's package names) and the one text edit it makes to an existing file
// (shared/contracts/src/micro-apps.ts).
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const MICRO_APPS_FILE = 'shared/contracts/src/micro-apps.ts';

/**
 * The menu's entries, MICRO_APPS and who serves which route (the apps, and the shell its own
 * entries) as the checkout declares them: menu.ts, micro-apps.ts and what they
 * import (plain TypeScript, no package) bundled in memory by esbuild, since Node 20 runs no
 * TypeScript. Read from the checkout at `root`, which needs no node_modules of its own.
 */
export async function readDeclarations(root) {
  const result = await build({
    stdin: {
      contents: [
        "export { menuEntries, DASHBOARD_MENU_ENTRY, MY_NOTIFICATIONS_MENU_ENTRY } from './menu.ts';",
        "export { MICRO_APPS } from './micro-apps.ts';",
      ].join('\n'),
      resolveDir: join(root, dirname(MICRO_APPS_FILE)),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
  });
  const source = result.outputFiles[0].text;
  const module = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
  const { menuEntries, MICRO_APPS, DASHBOARD_MENU_ENTRY, MY_NOTIFICATIONS_MENU_ENTRY } = module;
  // the menu entries whose pages are the shell's own
  const shell = { name: '@hcm/shell', routes: [DASHBOARD_MENU_ENTRY.path, MY_NOTIFICATIONS_MENU_ENTRY.path] };
  return {
    entries: menuEntries().map((place) => place.entry),
    apps: MICRO_APPS,
    owners: [shell, ...MICRO_APPS],
  };
}

/** The shell's label of each menu key (`navigation.menu`) in one language. */
export function menuLabels(root, language) {
  const file = join(root, 'packages/shell/i18n', `${language}.json`);
  return JSON.parse(readFileSync(file, 'utf8')).navigation.menu;
}

/** Every package name of the workspace's folders (root-config, packages/*, shared/*). */
export function workspacePackageNames(root) {
  const names = [];
  const manifest = (dir) => join(root, dir, 'package.json');
  const dirs = ['root-config', 'e2e'];
  for (const group of ['packages', 'shared']) {
    if (!existsSync(join(root, group))) continue;
    for (const dir of readdirSync(join(root, group))) dirs.push(`${group}/${dir}`);
  }
  for (const dir of dirs) {
    if (existsSync(manifest(dir))) names.push(JSON.parse(readFileSync(manifest(dir), 'utf8')).name);
  }
  return names;
}

const MICRO_APPS_LIST = /export const MICRO_APPS: readonly MicroAppDeclaration\[\] = \[([^\]]*)\];/;

/**
 * micro-apps.ts with the declaration added before MICRO_APPS and its name appended to the list.
 * Throws, before anything is written, when the file no longer has that shape.
 */
export function withDeclaration(text, { constant, declaration }) {
  const match = MICRO_APPS_LIST.exec(text);
  if (!match)
    throw new Error(`${MICRO_APPS_FILE}: the MICRO_APPS list is not where the generator expects it`);
  const names = match[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const list = `export const MICRO_APPS: readonly MicroAppDeclaration[] = [${[...names, constant].join(', ')}];`;
  return `${text.slice(0, match.index)}${declaration}\n${list}${text.slice(match.index + match[0].length)}`;
}
