// Browser component tests in Debian's Chromium. Test files (*.browser.test.tsx, beside the code)
// are bundled first by scripts/wtr/bundle-tests.mjs: the dev server's CommonJS handling cannot
// serve React's CommonJS entry points (see ../shared recipes), a prebuilt bundle can.
import { chromeLauncher } from '@web/test-runner-chrome';
import { countingReporter } from './scripts/wtr/counting-reporter.mjs';
import { defaultReporter, summaryReporter } from '@web/test-runner';

export const chromiumArgs = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default {
  files: ['.cache/wtr/**/*.browser.test.js'],
  nodeResolve: true,
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    }),
  ],
  reporters: [defaultReporter(), summaryReporter(), countingReporter('.cache/wtr-results.json')],
};
