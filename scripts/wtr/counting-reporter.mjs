// A web-test-runner reporter that writes the passed/failed counts to a JSON file, so the
// test command can add them to the other suites' counts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

function count(suite, totals) {
  for (const t of suite?.tests ?? []) {
    if (t.skipped) totals.skipped++;
    else if (t.passed) totals.passed++;
    else totals.failed++;
  }
  for (const s of suite?.suites ?? []) count(s, totals);
}

export function countingReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        count(session.testResults, totals);
        // A file that failed to load or threw outside a test counts as one failure.
        if (!session.passed && (session.errors?.length ?? 0) > 0) totals.failed++;
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(totals));
    },
  };
}
