#!/usr/bin/env node
// pnpm new:module NAME --routes /tm/work-shift,/tm/work-calendar --title-vi "Chấm công" --title-en "Timekeeping"
//   [--root DIR] [--skip-install]
// Writes a module micro-app (packages/NAME, @hcm/NAME), declares it in MICRO_APPS
// (shared/contracts/src/micro-apps.ts), links it with pnpm install and says what comes next.
// Refuses, writing nothing, a name that is not a lowercase word or is taken, and a route that is
// not a menu entry or is served by another app. --root names another checkout (the generator's
// own test runs it in a temporary copy). See scripts/new-module/README.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { declaration, moduleFiles } from './templates.mjs';
import {
  MICRO_APPS_FILE,
  menuLabels,
  readDeclarations,
  withDeclaration,
  workspacePackageNames,
} from './workspace.mjs';

const USAGE =
  'usage: pnpm new:module NAME --routes /a/b,/c/d --title-vi "Tên" --title-en "Title" [--root DIR] [--skip-install]';

class Refusal extends Error {}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    routes: { type: 'string' },
    'title-vi': { type: 'string' },
    'title-en': { type: 'string' },
    root: { type: 'string' },
    'skip-install': { type: 'boolean', default: false },
  },
});

try {
  const root = resolve(values.root ?? new URL('../../', import.meta.url).pathname);
  const app = await planApp(root);
  await writeApp(root, app);
  console.log(
    `new:module: wrote packages/${app.name} and declared ${app.name.toUpperCase()}_APP in ${MICRO_APPS_FILE}`,
  );
  if (!values['skip-install']) install(root);
  console.log(nextSteps(app));
} catch (error) {
  if (!(error instanceof Refusal)) throw error;
  console.error(`new:module: ${error.message}\n${USAGE}`);
  process.exit(1);
}

/** Everything checked before a file is written: a refusal leaves the checkout as it was. */
async function planApp(root) {
  const [name, ...extra] = positionals;
  if (!name || extra.length > 0) throw new Refusal('give one package name');
  if (!/^[a-z]+$/.test(name))
    throw new Refusal(
      `"${name}" is not a lowercase word (a–z only): it becomes @hcm/${name} and packages/${name}`,
    );
  const titleVi = values['title-vi']?.trim();
  const titleEn = values['title-en']?.trim();
  if (!titleVi || !titleEn)
    throw new Refusal('give the title in Vietnamese and English (--title-vi, --title-en)');

  const { entries, apps, owners } = await readDeclarations(root);
  const constant = `${name.toUpperCase()}_APP`;
  if (
    existsSync(join(root, 'packages', name)) ||
    workspacePackageNames(root).includes(`@hcm/${name}`) ||
    apps.some((app) => app.name === `@hcm/${name}`) ||
    new RegExp(`\\b${constant}\\b`).test(readFileSync(join(root, MICRO_APPS_FILE), 'utf8'))
  )
    throw new Refusal(`"${name}" exists already (packages/${name}, @hcm/${name} or ${constant})`);

  const paths = (values.routes ?? '')
    .split(',')
    .map((path) => path.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  if (paths.length === 0)
    throw new Refusal('give the routes the app serves (--routes /tm/work-shift,/tm/holiday)');
  if (new Set(paths).size !== paths.length) throw new Refusal('a route is given twice');
  const entryOf = new Map(entries.map((entry) => [entry.path, entry]));
  const vi = menuLabels(root, 'vi');
  const en = menuLabels(root, 'en');
  const routes = paths.map((path) => {
    const entry = entryOf.get(path);
    if (!entry)
      throw new Refusal(
        `${path} is not a menu entry's path (shared/contracts/src/menu.ts): add the entry first`,
      );
    const owner = owners.find((app) => app.routes.includes(path));
    if (owner) throw new Refusal(`${path} is served by ${owner.name} already (${MICRO_APPS_FILE})`);
    // an entry that is a contract's page carries its title; the shell's dictionary names the rest
    const label = { vi: entry.label?.vi ?? vi[entry.key], en: entry.label?.en ?? en[entry.key] };
    if (!label.vi || !label.en)
      throw new Refusal(`the menu entry ${entry.key} has no label in packages/shell/i18n (navigation.menu)`);
    return { path, key: entry.key, ...label };
  });
  return { name, titleVi, titleEn, routes, constant };
}

/** The package's files, then the declaration; every text formatted as the checkout's Prettier would. */
async function writeApp(root, app) {
  const contractsFile = join(root, MICRO_APPS_FILE);
  const declared = withDeclaration(readFileSync(contractsFile, 'utf8'), {
    constant: app.constant,
    declaration: declaration(app),
  });
  const writes = [
    ...Object.entries(moduleFiles(app)).map(([file, text]) => [join(root, 'packages', app.name, file), text]),
    [contractsFile, declared],
  ];
  const formatted = await Promise.all(
    writes.map(async ([file, text]) => [
      file,
      await format(text, { ...(await resolveConfig(file)), filepath: file }),
    ]),
  );
  for (const [file, text] of formatted) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

/** Links the new package into the workspace: from the local store when it can, else the registry. */
function install(root) {
  const pnpm = (...args) =>
    spawnSync('npx', ['-y', 'pnpm@10.34.9', 'install', '--no-frozen-lockfile', ...args], {
      cwd: root,
      stdio: 'inherit',
    }).status;
  if (pnpm('--offline') === 0) return;
  console.log('new:module: the offline install failed; trying with the registry');
  if (pnpm('--prefer-offline') !== 0) throw new Error('pnpm install failed: run it yourself, then the tests');
}

function nextSteps({ name, constant, routes }) {
  const pascal = name[0].toUpperCase() + name.slice(1);
  return `
Next:
  1. Write the pages in packages/${name}/src/pages/${pascal}Pages.tsx (each route shows a placeholder
     until then) and their texts in packages/${name}/i18n/{vi,en}.json.
  2. Test:  pnpm exec vitest run --project ${name}
            WTR_ONLY=packages/${name} node scripts/wtr/bundle-tests.mjs && pnpm exec web-test-runner
  3. Build: pnpm build (or pnpm build --only @hcm/${name}); the import map gets its line, and the
     shell's menu shows ${routes.map((route) => route.path).join(', ')} to users with their authorities.
  4. Commit packages/${name}, ${MICRO_APPS_FILE} (${constant}) and pnpm-lock.yaml together.`;
}
