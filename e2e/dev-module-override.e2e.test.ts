import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser.ts';
import { freePort, repoRoot, startPortal, type RunningPortal } from './support/portal-process.ts';
// @ts-expect-error: the build is plain JavaScript (scripts/build), run here as the README does.
import { sharedBuild } from '../scripts/build/testing/shared-build.mjs';
import { allOf } from '../scripts/testing/all-of.ts';

/**
 * The README's way for a team to work on one micro-app against the running portal: the
 * development build's page carries import-map-overrides, `pnpm dev:module @hcm/shell` serves a
 * local build, and an override in the browser makes the real portal load it.
 */
describe('developing one micro-app against the running portal', () => {
  let outDir: string;
  let portal: RunningPortal;
  let devServer: ChildProcess;
  let devUrl: string;
  let browser: Browser;

  // Two builds (the development portal, shared with the build's tests, then the module): minutes
  // on a busy machine.
  beforeAll(async () => {
    ({ outDir } = (await sharedBuild('development')) as { outDir: string });
    portal = await startPortal({ staticDir: outDir });
    const port = await freePort();
    devUrl = `http://localhost:${port}/hcm-shell.js`;
    devServer = spawn(
      process.execPath,
      ['scripts/build/dev-module.mjs', '@hcm/shell', '--port', String(port)],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`dev-module did not build:\n${output}`)), 60_000);
      devServer.stdout?.on('data', (d: Buffer) => {
        output += d.toString();
        if (output.includes('rebuilt @hcm/shell')) {
          clearTimeout(timer);
          resolve();
        }
      });
      devServer.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    devServer?.kill();
    await portal?.stop();
  });

  it('loads the override instead of the deployed shell, and the portal still works', async () => {
    const page = await browser.newPage({ baseURL: portal.baseUrl });
    const shellRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('hcm-shell')) shellRequests.push(r.url());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Đăng nhập' }).waitFor();
    expect(allOf(shellRequests, (u) => u.startsWith(portal.baseUrl))).toBe(true);

    await page.evaluate((url) => {
      localStorage.setItem('devtools', 'true');
      localStorage.setItem('import-map-override:@hcm/shell', url);
    }, devUrl);
    shellRequests.length = 0;
    await page.reload();
    await page.getByRole('button', { name: 'Đăng nhập' }).waitFor();
    expect(shellRequests).toEqual([devUrl]);
    // The overrides panel's toggle is on the page for the developer.
    await page.locator('import-map-overrides-full').waitFor({ state: 'attached' });
  });
});
