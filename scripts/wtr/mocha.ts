/**
 * web-test-runner runs browser tests with mocha, whose functions are globals. There are no
 * mocha typings in the workspace; this gives them types without declaring globals that could
 * clash with vitest's. Every package's *.browser.test.tsx imports it from here.
 *
 * It also sets, once for every browser test, how long Testing Library's findBy and waitFor
 * wait: a page is a lazy chunk and CI's machine is shared, so its first heading can take
 * seconds to appear where the library's default is one.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5000 });

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
