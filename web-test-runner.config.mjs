// Browser component tests in Debian's Chromium. Test files (*.browser.test.tsx, beside the code)
// are bundled first by scripts/wtr/bundle-tests.mjs: the dev server's CommonJS handling cannot
// serve React's CommonJS entry points (see ../shared recipes), a prebuilt bundle can.
import { chromeLauncher } from '@web/test-runner-chrome';
import { countingReporter } from './scripts/wtr/counting-reporter.mjs';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import chromium from './scripts/chromium.json' with { type: 'json' };

export default {
  files: [`${process.env.WTR_OUT ?? '.cache/wtr'}/**/*.browser.test.js`],
  nodeResolve: true,
  concurrency: 1,
  // Mocha's per-test limit only stops a hung test; the tests wait for states, not durations.
  // CI runs these beside the e2e suites on two cores, where a test that types a whole form
  // has run past 10 s (docs/testing.md, "CI time"), so CI allows 30 s.
  testFramework: { config: { timeout: process.env.CI ? 30000 : 10000 } },
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? chromium.executablePath,
        args: ['--headless=new', ...chromium.args],
      },
      // Fluent's motion honours reduced motion (1 ms instead of its animations): a dialog or
      // toast is gone when its state says so, not an animation later, which a loaded CI
      // machine stretched past a test's wait for the page behind a closing dialog.
      async createPage({ context }) {
        const page = await context.newPage();
        await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
        return page;
      },
    }),
  ],
  reporters: [
    defaultReporter(),
    summaryReporter(),
    countingReporter(`${process.env.WTR_OUT ?? '.cache/wtr'}-results.json`),
  ],
};
