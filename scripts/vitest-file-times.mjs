// A vitest reporter that writes each test file's whole time (environment, imports, set-up
// files, then its tests with their hooks) to VITEST_FILE_TIMES (.cache/vitest-file-times.json),
// for scripts/portal.mjs to print at the end of `npm test`. The JSON reporter's start and end
// times leave out the imports and the set-up, where the server suites spend much of theirs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    const target = resolve(process.env.VITEST_FILE_TIMES ?? '.cache/vitest-file-times.json');
    const rows = testModules.map((module) => {
      const d = module.diagnostic();
      const ms =
        d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { file: module.moduleId, project: module.project.name, seconds: ms / 1000 };
    });
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(rows, null, 1));
  }
}
