/**
 * web-test-runner runs browser tests with mocha, whose functions are globals. There are no
 * mocha typings in the workspace; this gives them types without declaring globals that could
 * clash with vitest's. Every package's *.browser.test.tsx imports it from here.
 *
 * It also sets, once for every browser test, how long Testing Library's findBy and waitFor
 * wait: a page is a lazy chunk and CI's machine is shared, so its first heading can take
 * seconds to appear where the library's default is one. The first test of a file pays for every
 * chunk its page loads (the page, the resource kit, the dictionaries): a CI run saw
 * work-calendar-pages' first heading miss a 5 s bound with the spinner still up, right after
 * typecheck with the e2e stage beside it. It is a bound, not a wait: a test goes on as soon as
 * what it looks for is there, and mocha's own limit (30 s under CI) still stops a hung test.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 15000 });

/**
 * Chromium reports "ResizeObserver loop completed with undelivered notifications" as a window
 * error when an observer's callback changes the layout it observes (Fluent's positioning does,
 * and more often on a loaded machine): the browser delivers the rest on the next frame, so
 * nothing is lost. Mocha takes any window error for the running test's failure; a capturing
 * listener on the window runs before mocha's `onerror` and keeps this one from it.
 */
let resizeLoops = 0;
/** How many ResizeObserver loop reports were kept from mocha so far (for the filter's own test). */
export const resizeLoopsIgnored = () => resizeLoops;
window.addEventListener(
  'error',
  (event) => {
    if (typeof event.message !== 'string' || !event.message.startsWith('ResizeObserver loop')) return;
    resizeLoops += 1;
    event.stopImmediatePropagation();
  },
  true,
);

type Body = () => void | Promise<void>;

/** A declared test: its time limit may be raised above the runner's default (`.timeout(ms)`). */
interface MochaTest {
  timeout(ms: number): MochaTest;
}

interface MochaGlobals {
  describe(title: string, body: () => void): void;
  it(title: string, body: Body): MochaTest;
  before(body: Body): void;
  after(body: Body): void;
  beforeEach(body: Body): void;
  afterEach(body: Body): void;
}

const mocha = globalThis as unknown as MochaGlobals;

export const describe: MochaGlobals['describe'] = (title, body) => mocha.describe(title, body);
export const it: MochaGlobals['it'] = (title, body) => mocha.it(title, body);
export const before: MochaGlobals['before'] = (body) => mocha.before(body);
export const after: MochaGlobals['after'] = (body) => mocha.after(body);
export const beforeEach: MochaGlobals['beforeEach'] = (body) => mocha.beforeEach(body);
export const afterEach: MochaGlobals['afterEach'] = (body) => mocha.afterEach(body);
