import { chromium, type Browser } from 'playwright-core';
import flags from '../../scripts/chromium.json' with { type: 'json' };

export const chromiumPath = process.env.CHROME_PATH ?? flags.executablePath;

/** Debian's Chromium, headless, with the flags this closed network needs (scripts/chromium.json). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: flags.args });
}
