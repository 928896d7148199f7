// The files of a new module micro-app. Everything every app repeats (lifecycles, the outlet, the
// root, texts before the first paint) is @hcm/ui/module-app's; what is written here is what the
// team will change: the routes' pages, their texts, their tests.

/**
 * @param {{ name: string, routes: { path: string, key: string, vi: string, en: string }[],
 *           titleVi: string, titleEn: string }} app
 * @returns {Record<string, string>} file path inside the package → content
 */
export function moduleFiles(app) {
  const { name, titleVi, titleEn } = app;
  const pascal = name[0].toUpperCase() + name.slice(1);
  const constant = `${name.toUpperCase()}_APP`;
  const i18nConst = `${name.toUpperCase()}_I18N`;
  const pagesFile = `packages/${name}/src/pages/${pascal}Pages.tsx`;
  const ids = { name, pascal, constant, i18nConst, pagesFile };
  const dictionary = (language) => ({
    app: {
      loadFailed:
        language === 'vi'
          ? 'Không tải được trang. Vui lòng tải lại trang.'
          : 'The page could not be loaded. Please reload the page.',
    },
    empty: {
      title: language === 'vi' ? 'Trang đang được xây dựng' : 'This page is being built',
      body:
        language === 'vi'
          ? `Nhà phát triển: viết trang này trong ${pagesFile} và các câu chữ của nó trong packages/${name}/i18n/vi.json, en.json.`
          : `Developers: write this page in ${pagesFile} and its texts in packages/${name}/i18n/vi.json, en.json.`,
    },
    // The menu entry's label (the shell's navigation.menu) heads each page.
    pages: Object.fromEntries(app.routes.map((route) => [route.key, { title: route[language] }])),
  });
  return {
    'package.json': `${JSON.stringify(packageJson(app), null, 2)}\n`,
    'README.md': readme(app, ids),
    'vitest.config.ts': vitestConfig(ids),
    'i18n/vi.json': `${JSON.stringify(dictionary('vi'), null, 2)}\n`,
    'i18n/en.json': `${JSON.stringify(dictionary('en'), null, 2)}\n`,
    'src/index.ts': indexTs(ids, titleEn),
    'src/lifecycles.ts': lifecycles(ids),
    [`src/${name}-i18n.ts`]: i18nTs(ids),
    [`src/${name}-pages.ts`]: pagesTs(app, ids),
    [`src/${name}-pages.test.ts`]: pagesTest(ids),
    [`src/${pascal}Router.tsx`]: router(ids),
    [`src/${pascal}Router.browser.test.tsx`]: browserTest(app, ids),
    [`src/pages/${pascal}Pages.tsx`]: pages(ids),
  };

  function packageJson() {
    return {
      name: `@hcm/${name}`,
      version: '0.1.0',
      private: true,
      type: 'module',
      description: `Micro-app: ${titleEn} (${titleVi})`,
      exports: { '.': './src/index.ts' },
      dependencies: {
        '@hcm/contracts': 'workspace:*',
        '@hcm/i18n': 'workspace:*',
        '@hcm/ui': 'workspace:*',
        react: '19.2.9',
        'react-dom': '19.2.9',
      },
      hcm: { kind: 'micro-app' },
    };
  }
}

/** The declaration added to shared/contracts/src/micro-apps.ts. */
export function declaration({ name, titleEn, routes }) {
  const list = routes.map((route) => `    '${route.path}',`).join('\n');
  return `/** The ${titleEn} micro-app (packages/${name}), made by \`pnpm new:module\`. */
export const ${name.toUpperCase()}_APP: MicroAppDeclaration = {
  name: '@hcm/${name}',
  routes: [
${list}
  ],
};
`;
}

function readme(app, { name, pascal, constant, pagesFile }) {
  const rows = app.routes.map(
    (route) => `| \`${route.path}\` | ${route.vi} (${route.en}) | not written yet |`,
  );
  return `# @hcm/${name}

${app.titleEn} (${app.titleVi}): a module micro-app on its own import-map line (\`${constant}\` in
\`@hcm/contracts\` \`micro-apps.ts\`; root-config registers it when the import map lists it;
\`pnpm build --only @hcm/${name}\` releases it alone). Made by \`pnpm new:module\`.

| route | menu entry | page |
| --- | --- | --- |
${rows.join('\n')}

- The entry is \`src/lifecycles.ts\` (\`moduleApp\` of \`@hcm/ui/module-app\`: the outlet, the
  texts, the root) and \`src/${pascal}Router.tsx\`; the pages are one lazy chunk,
  \`${pagesFile.replace(`packages/${name}/`, '')}\`, which draws each route's heading and a
  placeholder: replace it with the page.
- Texts: \`i18n/vi.json\`, \`i18n/en.json\`, served at \`/i18n/${name}/<lang>.json\`.
- A new route: a menu entry of \`shared/contracts/src/menu.ts\` (with its label in the shell's
  \`navigation.menu\`), then the route in \`${constant}\` and a page for it in \`src/${name}-pages.ts\`.
- Tests: \`pnpm exec vitest run --project ${name}\` and the browser test
  (\`WTR_ONLY=packages/${name} node scripts/wtr/bundle-tests.mjs && pnpm exec web-test-runner\`).
`;
}

function vitestConfig({ name }) {
  return `import { defineConfig } from 'vitest/config';

// Unit tests of the app's pure logic (its routes). Its pages are tested in real Chromium
// (*.browser.test.tsx, run by web-test-runner).
export default defineConfig({ test: { name: '${name}', environment: 'node', include: ['src/**/*.test.ts'] } });
`;
}

function indexTs({ name, constant }, titleEn) {
  return `/**
 * @hcm/${name}: the ${titleEn} micro-app. root-config mounts it on the routes MICRO_APPS
 * (@hcm/contracts) declares for it (${constant}), inside the shell's #hcm-module-outlet.
 */
export { bootstrap, mount, unmount } from './lifecycles.ts';
`;
}

function lifecycles({ name, pascal, i18nConst }) {
  return `import { moduleApp } from '@hcm/ui/module-app';
import { ${i18nConst} } from './${name}-i18n.ts';
import { ${pascal}Router } from './${pascal}Router.tsx';

/** The single-spa lifecycles: the kit's outlet, texts and root around the app's router. */
export const ${name}App = moduleApp({ name: ${i18nConst}, Router: ${pascal}Router });
export const { bootstrap, mount, unmount } = ${name}App;
`;
}

function i18nTs({ name, pascal, i18nConst }) {
  return `import { useTranslation } from '@hcm/i18n';

/** The app's i18n namespace: its page texts are /i18n/${name}/<lang>.json. */
export const ${i18nConst} = '${name}';

export const use${pascal}Translation = () => useTranslation(${i18nConst});
`;
}

function pagesTs(app, { name, constant }) {
  const keys = app.routes.map((route) => `  '${route.path}': '${route.key}',`).join('\n');
  return `import { ${constant} } from '@hcm/contracts';

/**
 * The menu entry (its key in the shell's navigation.menu and in this app's \`pages\` texts) of each
 * route the app draws: exactly ${constant}.routes (${name}-pages.test.ts).
 */
export const ${constant.replace('_APP', '_PAGES')}: Readonly<Record<string, string>> = {
${keys}
};

/** The app's route a path is, or is below; null outside the app. */
export function routeOf(pathname: string): string | null {
  const path = pathname.replace(/\\/+$/, '');
  return ${constant}.routes.find((route) => path === route || path.startsWith(\`\${route}/\`)) ?? null;
}
`;
}

function pagesTest({ name, constant }) {
  const pagesConst = constant.replace('_APP', '_PAGES');
  return `import { describe, expect, it } from 'vitest';
import { ${constant}, menuEntries } from '@hcm/contracts';
import { ${pagesConst}, routeOf } from './${name}-pages.ts';

describe('the ${name} app', () => {
  it('draws exactly the routes of its declaration, each headed by its menu entry', () => {
    expect(Object.keys(${pagesConst})).toEqual([...${constant}.routes]);
    const keyOf = new Map(menuEntries().map(({ entry }) => [entry.path, entry.key]));
    for (const [route, key] of Object.entries(${pagesConst})) expect(keyOf.get(route), route).toBe(key);
  });

  it('knows the route of a path below it, and none outside it', () => {
    const [first] = ${constant}.routes;
    expect(routeOf(\`\${first}/\`)).toBe(first);
    expect(routeOf(\`\${first}/0b6c6f4e-1d2a-4c55-9a1e-5f1c2d3e4f50/detail\`)).toBe(first);
    expect(routeOf(\`\${first}-other\`)).toBe(null);
    expect(routeOf('/dashboard')).toBe(null);
  });
});
`;
}

function router({ name, pascal }) {
  return `import { Suspense, lazy, useEffect } from 'react';
import { Loading, MessageBar, MessageBarBody, reportNavigationError, useBrowserLocation } from '@hcm/ui';
import { use${pascal}Translation } from './${name}-i18n.ts';
import { routeOf } from './${name}-pages.ts';

function LoadFailed() {
  const { t } = use${pascal}Translation();
  return (
    <MessageBar intent="error">
      <MessageBarBody>{t('app.loadFailed')}</MessageBarBody>
    </MessageBar>
  );
}

/** The app's one page chunk, fetched when one of its routes is first opened. */
const ${pascal}Pages = lazy(() => import('./pages/${pascal}Pages.tsx').catch(() => ({ default: LoadFailed })));

function ReportNotFound() {
  useEffect(() => reportNavigationError(404), []);
  return null;
}

/** Draws the page of the current route; single-spa mounts the app only on its routes. */
export function ${pascal}Router() {
  const { pathname } = useBrowserLocation();
  const route = routeOf(pathname);
  // A path outside our routes is the moment single-spa is about to unmount us: not ours to call not found.
  if (!route) return null;
  // No page below a route yet (detail, create…): the shell shows its not-found page.
  if (pathname.replace(/\\/+$/, '') !== route) return <ReportNotFound />;
  return (
    <Suspense fallback={<Loading size="small" />}>
      <${pascal}Pages route={route} />
    </Suspense>
  );
}
`;
}

function pages({ name, pascal, constant }) {
  const pagesConst = constant.replace('_APP', '_PAGES');
  return `import { Body1, MessageBar, MessageBarBody, MessageBarTitle, Title2, makeStyles, tokens } from '@hcm/ui';
import { use${pascal}Translation } from '../${name}-i18n.ts';
import { ${pagesConst} } from '../${name}-pages.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

export interface ${pascal}PagesProps {
  /** one of the app's routes */
  route: string;
}

/**
 * The app's pages, one lazy chunk. Each route is headed by its menu entry's label; the
 * placeholder below tells the developer where the page goes: replace it with the page.
 */
export default function ${pascal}Pages({ route }: ${pascal}PagesProps) {
  const { t } = use${pascal}Translation();
  const styles = useStyles();
  return (
    <section className={styles.page}>
      <Title2 as="h1">{t(\`pages.\${${pagesConst}[route] ?? ''}.title\`)}</Title2>
      <MessageBar intent="info">
        <MessageBarBody>
          <MessageBarTitle>{t('empty.title')}</MessageBarTitle>
          <Body1>{t('empty.body')}</Body1>
        </MessageBarBody>
      </MessageBar>
    </section>
  );
}
`;
}

function browserTest(app, { name, pascal, i18nConst }) {
  const cases = app.routes
    .map((route) => `  { route: ${JSON.stringify(route.path)}, heading: ${JSON.stringify(route.vi)} },`)
    .join('\n');
  return `import { expect } from '@open-wc/testing';
import { screen, waitFor } from '@testing-library/react';
import { NAVIGATION_ERROR_EVENT } from '@hcm/contracts';
import { afterEach, beforeEach, describe, it } from '../../../scripts/wtr/mocha.ts';
import { accessibilityViolations } from '../../../shared/ui/src/testing/axe.ts';
import { loadAppTexts, prepareUi, renderUi, resetUi } from '../../../shared/ui/src/testing/ui-fixture.tsx';
import { ${i18nConst} } from './${name}-i18n.ts';
import { ${pascal}Router } from './${pascal}Router.tsx';

/** Each route and its menu entry's Vietnamese label (the shell's navigation.menu). */
const PAGES = [
${cases}
];

describe('the ${name} app', () => {
  beforeEach(async () => {
    await prepareUi();
    await loadAppTexts(${i18nConst}, '${name}');
  });
  afterEach(resetUi);

  for (const { route, heading } of PAGES) {
    it(\`draws \${route} headed by its menu entry, accessibly\`, async () => {
      window.history.pushState(null, '', route);
      renderUi(<${pascal}Router />);
      await screen.findByRole('heading', { level: 1, name: heading });
      await waitFor(async () => expect(await accessibilityViolations(document.body)).to.deep.equal([]));
    });
  }

  it('reports a path below a route as not found', async () => {
    const reported: unknown[] = [];
    const onError = (event: Event) => reported.push((event as CustomEvent).detail);
    window.addEventListener(NAVIGATION_ERROR_EVENT, onError);
    try {
      window.history.pushState(null, '', \`\${PAGES[0]?.route ?? ''}/create\`);
      renderUi(<${pascal}Router />);
      await waitFor(() => expect(reported).to.deep.equal([{ status: 404 }]));
    } finally {
      window.removeEventListener(NAVIGATION_ERROR_EVENT, onError);
    }
  });
});
`;
}
