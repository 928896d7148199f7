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
    context: Element | Document,
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
  const result = await axe.run(context, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  });
  if (result.passes.length === 0) return ['axe-core checked no rule'];
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
