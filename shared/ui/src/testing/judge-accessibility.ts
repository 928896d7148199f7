/**
 * axe-core's judgement of the page (or of `scope` in it) for WCAG 2 A and AA, one line per
 * violation (rule (impact): elements). Runs in the page, with axe-core's browser build already
 * loaded as `window.axe`: the browser tests call it (./axe.ts), and the e2e suites hand it to
 * Playwright's page.evaluate (e2e/support/axe.ts), which sends its source to the page. So it
 * stands alone: no imports, nothing from outside its own body.
 */
export async function judgeAccessibility(scope: Element | null): Promise<string[]> {
  interface AxeLike {
    run(
      context: { include?: Element[]; exclude: string[][] },
      options: { runOnly: { type: 'tag'; values: string[] } },
    ): Promise<{
      passes: unknown[];
      violations: { id: string; impact?: string; nodes: { target: string[] }[] }[];
    }>;
  }
  const axe = (window as unknown as { axe: AxeLike }).axe;
  // A button coming back from disabled, or a toast fading in, is half way through its colour
  // transition for a moment, and its text then fails the contrast rule though no reader sees
  // it: the page is judged once its finite motions have ended (a spinner's endless one is left
  // running), at most 10 s of waiting in all. (document.getAnimations() leaves out shadow
  // roots: a widget's are asked one by one.)
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
  // Fluent's focus manager (tabster) puts invisible <i tabindex=0 aria-hidden> sentinels at the
  // edges of toasters, dialogs and arrow-key groups; arriving on one moves the focus on at once,
  // so it never holds the focus a screen reader would miss. axe cannot know that.
  const judge = () =>
    axe.run(
      { ...(scope ? { include: [scope] } : {}), exclude: [['[data-tabster-dummy]']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    );
  await settle();
  let result = await judge();
  // A violation is looked at again a moment later, once the page is still: one that stays is
  // reported; one a busy machine made by judging a page mid-render (a list's scrolling region
  // before its rows, CI once) or mid-toast is not.
  for (let again = 0; again < 2 && result.violations.length > 0; again++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await settle();
    result = await judge();
  }
  // No rule passed at all means axe looked at nothing: say so rather than report "no violations".
  if (result.passes.length === 0) return ['axe-core checked no rule'];
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
