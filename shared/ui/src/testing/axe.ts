/**
 * axe-core in a browser test: its browser build, loaded by URL from the e2e package that holds it
 * (the test runner serves the repository), then run on the document for WCAG 2 A and AA rules.
 */
const AXE_URL = '/e2e/node_modules/axe-core/axe.min.js';

interface AxeResult {
  passes: unknown[];
  violations: { id: string; impact?: string; nodes: { target: string[] }[] }[];
}
interface AxeLike {
  run(
    context: { include?: Element[]; exclude: string[][] },
    options: { runOnly: { type: 'tag'; values: string[] } },
  ): Promise<AxeResult>;
}

let loading: Promise<AxeLike> | null = null;

function loadAxe(): Promise<AxeLike> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = AXE_URL;
    script.onload = () => resolve((window as unknown as { axe: AxeLike }).axe);
    script.onerror = () => reject(new Error(`axe-core did not load from ${AXE_URL}`));
    document.head.append(script);
  });
  return loading;
}

/** The violations on the page now, one line each (rule (impact): elements); [] when none. */
export async function accessibilityViolations(context: Element | Document = document): Promise<string[]> {
  const axe = await loadAxe();
  // A button coming back from disabled, or a toast fading in, is half way through its colour
  // transition for a moment, and its text then fails the contrast rule though no reader sees
  // it: the page is judged once its finite motions have ended (a spinner's endless one is left
  // running), as e2e/support/axe.ts does, at most 10 s of waiting in all.
  // (document.getAnimations() leaves out shadow roots: a widget's are asked one by one)
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
  // edges of arrow-key groups (a tag picker's tags); arriving on one moves the focus on at once,
  // so it never holds the focus a screen reader would miss. axe cannot know that (as e2e/support/axe.ts).
  const scope = context instanceof Document ? {} : { include: [context] };
  const judge = () =>
    axe.run(
      { ...scope, exclude: [['[data-tabster-dummy]']] },
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
  if (result.passes.length === 0) return ['axe-core checked no rule'];
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
