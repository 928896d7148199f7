// A web-test-runner reporter that writes the passed/failed counts, and the names of the tests
// that failed with their first error line, to a JSON file: the test command adds the counts to
// the other suites' and lists the failures at the end of its output, where CI's tail shows them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

function count(suite, totals, file, names) {
  for (const t of suite?.tests ?? []) {
    if (t.skipped) totals.skipped++;
    else if (t.passed) totals.passed++;
    else {
      totals.failed++;
      const reason = String(t.error?.message ?? '').split('\n')[0];
      totals.failures.push(`${file} > ${[...names, t.name].join(' > ')}${reason ? `: ${reason}` : ''}`);
    }
  }
  for (const s of suite?.suites ?? []) count(s, totals, file, [...names, s.name]);
}

export function countingReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0, failures: [] };
      for (const session of sessions) {
        const testFile = relative(process.cwd(), session.testFile);
        count(session.testResults, totals, testFile, []);
        // A file that failed to load or threw outside a test counts as one failure.
        if (!session.passed && (session.errors?.length ?? 0) > 0) {
          totals.failed++;
          totals.failures.push(`${testFile}: ${String(session.errors[0]?.message ?? '').split('\n')[0]}`);
        }
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(totals));
    },
  };
}
