import { judgeAccessibility } from './judge-accessibility.ts';

/**
 * axe-core in a browser test: its browser build, loaded by URL from the e2e package that holds it
 * (the test runner serves the repository), then run on the document for WCAG 2 A and AA rules.
 */
const AXE_URL = '/e2e/node_modules/axe-core/axe.min.js';

let loading: Promise<void> | null = null;

function loadAxe(): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = AXE_URL;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`axe-core did not load from ${AXE_URL}`));
    document.head.append(script);
  });
  return loading;
}

/** The violations on the page now, one line each (rule (impact): elements); [] when none. */
export async function accessibilityViolations(context: Element | Document = document): Promise<string[]> {
  await loadAxe();
  return judgeAccessibility(context instanceof Document ? null : context);
}
