import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { judgeAccessibility } from '../../shared/ui/src/testing/judge-accessibility.ts';

/** axe-core's browser build, read once. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The WCAG 2 A and AA violations axe-core finds on the page as it is now, one line each
 * (rule: the elements; `judgeAccessibility`, shared with the browser tests). The portal's CSP refuses inline scripts, so the library is evaluated
 * through the DevTools protocol (page.evaluate), which the CSP does not govern.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(judgeAccessibility, null);
}
