import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The WCAG 2 A and AA violations axe-core finds on the page as it is now, one line each
 * (rule: the elements). The portal's CSP refuses inline scripts, so the library is evaluated
 * through the DevTools protocol (page.evaluate), which the CSP does not govern.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: AxeLike }).axe;
    // A toast fading in is half transparent, and its text then fails the contrast rule for a
    // moment no reader sees: the page is judged once its finite motions have ended (a spinner's
    // endless one is left running). On a busy machine a toast may start while axe runs (at most
    // 10 s of waiting in all). (document.getAnimations() leaves out shadow roots: a widget's are asked
    // one by one.)
    const runningMotions = () => {
      const roots: (Document | ShadowRoot)[] = [document];
      document.querySelectorAll('*').forEach((element) => {
        if (element.shadowRoot) roots.push(element.shadowRoot);
      });
      return roots
        .flatMap((root) => root.getAnimations())
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        );
    };
    const deadline = Date.now() + 10_000;
    const settle = async () => {
      for (let motions = runningMotions(); motions.length > 0; motions = runningMotions()) {
        const left = deadline - Date.now();
        if (left <= 0) return;
        await Promise.race([
          Promise.all(motions.map((animation) => animation.finished.catch(() => undefined))),
          new Promise((resolve) => setTimeout(resolve, left)),
        ]);
      }
    };
    // Fluent's focus manager (tabster) puts invisible <i tabindex=0 aria-hidden> sentinels at
    // the edges of toasters, dialogs and arrow-key groups; arriving on one moves the focus on at
    // once, so it never holds the focus a screen reader would miss. axe cannot know that.
    const judge = () =>
      axe.run(
        { exclude: [['[data-tabster-dummy]']] },
        { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
      );
    await settle();
    let result = await judge();
    // A violation is looked at again once the page is still again: one that stays is reported,
    // one that came from a toast begun during the run is not.
    for (let again = 0; again < 2 && result.violations.length > 0; again++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await settle();
      result = await judge();
    }
    // No rule passed at all means axe looked at nothing: say so rather than report "no violations".
    if (result.passes.length === 0) return ['axe-core checked no rule on this page'];
    return result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}

/** The part of axe-core's API used here (its own types describe the Node entry point). */
interface AxeLike {
  run(
    context: { exclude: string[][] },
    options: { runOnly: { type: 'tag'; values: string[] } },
  ): Promise<{
    passes: unknown[];
    violations: { id: string; impact?: string; nodes: { target: string[] }[] }[];
  }>;
}
