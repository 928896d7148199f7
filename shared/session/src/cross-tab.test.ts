import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiPaths } from '@hcm/contracts';
import { MemoryStorage } from './memory-storage.ts';
import { createSession, type Session } from './session.ts';
import { StorageKeys, writeStoredSession, type SessionStorages } from './session-storage.ts';
import { SESSION_HOLDER_LOCK, type SessionTabs, type TabLocks, type TabMessage } from './tabs.ts';
import { startFakeApiServer, type FakeApiServer } from './testing/fake-api-server.ts';
import { sampleProfile, sampleTokens } from './testing/fixtures.ts';
import { routeHealthyIam } from './testing/iam-routes.ts';
import { createTabLocks } from './testing/tab-locks.ts';

const DATA_PATH = '/api/om/job-titles';
const TIMINGS = { handoverMs: 2000, blindHandoverMs: 100, announcementMs: 300 };

/**
 * Tabs of one browser: each has its own per-tab storage, all share the persistent storage, one
 * lock manager and one BroadcastChannel name (Node's BroadcastChannel is the real one).
 */
describe('one session across the tabs of a browser', () => {
  let server: FakeApiServer;
  let iam: ReturnType<typeof routeHealthyIam>;
  let persistent: MemoryStorage;
  let locks: TabLocks & { held(name: string): boolean };
  let channelName: string;
  const channels: BroadcastChannel[] = [];

  const openTab = (
    perTab = new MemoryStorage(),
    withLocks = true,
  ): { session: Session; storages: SessionStorages } => {
    const channel = new BroadcastChannel(channelName);
    channels.push(channel);
    const tabs: SessionTabs = { locks: withLocks ? locks : null, channel };
    const storages = { persistent, perTab };
    const session = createSession({ storages, baseURL: server.baseURL, tabs, tabTimings: TIMINGS });
    return { session, storages };
  };
  /** A tab restored from its own per-tab storage, signed in without remember me. */
  const signedInTab = () => {
    const perTab = new MemoryStorage();
    writeStoredSession(
      { persistent: new MemoryStorage(), perTab },
      {
        tokens: sampleTokens('1'),
        profile: sampleProfile,
        rememberMe: false,
      },
    );
    return openTab(perTab);
  };

  beforeEach(async () => {
    server = await startFakeApiServer();
    iam = routeHealthyIam(server);
    // A data call that refuses access-1 (expired) and accepts only the newest token after it.
    server.route(`GET ${DATA_PATH}`, ({ headers }) =>
      iam.refreshes() > 0 && headers.authorization === `Bearer access-${iam.refreshes() + 1}`
        ? { status: 200, body: { data: [] } }
        : { status: 401, body: { code: 'UNAUTHORIZED', message: 'expired' } },
    );
    persistent = new MemoryStorage();
    locks = createTabLocks();
    channelName = `hcm.session.test.${Math.random()}`;
  });
  afterEach(async () => {
    for (const channel of channels.splice(0)) channel.close();
    await server.close();
  });

  it('refreshes once for two tabs whose token expired: the other tab adopts the new tokens', async () => {
    const first = signedInTab();
    const second = signedInTab();
    const [a, b] = await Promise.all([first.session.api.get(DATA_PATH), second.session.api.get(DATA_PATH)]);
    expect([a, b]).toEqual([[], []]);
    expect(server.requestsTo(ApiPaths.iam.refreshToken)).toHaveLength(1);
    for (const tab of [first, second]) {
      expect(tab.session.session$.value).toMatchObject({ status: 'signed-in', tokens: sampleTokens('2') });
      expect(tab.storages.perTab.getItem(StorageKeys.tokens)).toContain('refresh-2');
    }
  });

  it('refreshes once for three tabs calling together, whichever tab wins the lock', async () => {
    const tabs = [signedInTab(), signedInTab(), signedInTab()];
    await Promise.all(tabs.map((tab) => tab.session.api.get(DATA_PATH)));
    expect(server.requestsTo(ApiPaths.iam.refreshToken)).toHaveLength(1);
    for (const tab of tabs) expect(tab.session.session$.value.tokens).toEqual(sampleTokens('2'));
  });

  it('hands the session of an open tab (without remember me) to a new tab, which stores it per tab', async () => {
    const open = signedInTab();
    const fresh = openTab();
    expect(fresh.session.session$.value.status).toBe('signed-out');
    await fresh.session.ready;
    expect(fresh.session.session$.value).toMatchObject({
      status: 'signed-in',
      rememberMe: false,
      tokens: sampleTokens('1'),
      profile: sampleProfile,
    });
    expect(fresh.storages.perTab.getItem(StorageKeys.tokens)).toContain('refresh-1');
    expect(persistent.length).toBe(0);
    expect(open.session.session$.value.status).toBe('signed-in');
  });

  it('waits for an open tab that is slow to answer, as long as it holds a session to hand over', async () => {
    // A tab busy drawing a page answers late: a CI run saw 200 ms pass and the link's new tab
    // land on the sign-in page. This one answers after three times the blind wait.
    await locks.request(SESSION_HOLDER_LOCK, { mode: 'shared' }, async () => {
      const busy = new BroadcastChannel(channelName);
      channels.push(busy);
      busy.addEventListener('message', (event: MessageEvent<TabMessage>) => {
        const question = event.data;
        if (question.type !== 'session?') return;
        const answer = {
          type: 'session',
          id: question.id,
          tokens: sampleTokens('1'),
          profile: sampleProfile,
        };
        setTimeout(() => busy.postMessage(answer), 3 * TIMINGS.blindHandoverMs);
      });
      const fresh = openTab();
      await fresh.session.ready;
      expect(fresh.session.session$.value).toMatchObject({ status: 'signed-in', tokens: sampleTokens('1') });
    });
  });

  it('leaves a new tab signed out when no tab is open, without asking: closing every tab ends the session', async () => {
    const open = signedInTab();
    await expect.poll(() => locks.held(SESSION_HOLDER_LOCK)).toBe(true);
    await open.session.signOut();
    expect(locks.held(SESSION_HOLDER_LOCK)).toBe(false);

    const questions: unknown[] = [];
    const listener = new BroadcastChannel(channelName);
    channels.push(listener);
    listener.addEventListener('message', (event: MessageEvent) => questions.push(event.data));
    const fresh = openTab();
    await fresh.session.ready;
    expect(fresh.session.session$.value.status).toBe('signed-out');
    expect(questions).toEqual([]);
  });

  it('without a lock manager, asks the other tabs briefly and stays signed out when none answers', async () => {
    const fresh = openTab(new MemoryStorage(), false);
    await fresh.session.ready;
    expect(fresh.session.session$.value.status).toBe('signed-out');
  });

  it('does not offer a remembered session to new tabs: they find it in the shared storage', async () => {
    writeStoredSession(
      { persistent, perTab: new MemoryStorage() },
      { tokens: sampleTokens('1'), profile: sampleProfile, rememberMe: true },
    );
    const remembered = openTab();
    expect(remembered.session.session$.value).toMatchObject({ status: 'signed-in', rememberMe: true });
    expect(locks.held(SESSION_HOLDER_LOCK)).toBe(false);
  });

  it('ends the session in every tab holding it when one signs out; another sign-in goes on', async () => {
    const first = signedInTab();
    const second = signedInTab();
    const other = openTab();
    await other.session.ready; // handed the same session: a third holder
    const unrelatedPerTab = new MemoryStorage();
    writeStoredSession(
      { persistent: new MemoryStorage(), perTab: unrelatedPerTab },
      {
        tokens: sampleTokens('other'),
        profile: sampleProfile,
        rememberMe: false,
      },
    );
    const unrelated = openTab(unrelatedPerTab);

    await first.session.signOut();
    await expect.poll(() => second.session.session$.value.status).toBe('signed-out');
    await expect.poll(() => other.session.session$.value.status).toBe('signed-out');
    expect(unrelated.session.session$.value.status).toBe('signed-in');
  });

  it('without a lock manager, still adopts the announced tokens of a tab that refreshed first', async () => {
    const first = signedInTab();
    const perTab = new MemoryStorage();
    writeStoredSession(
      { persistent: new MemoryStorage(), perTab },
      {
        tokens: sampleTokens('1'),
        profile: sampleProfile,
        rememberMe: false,
      },
    );
    const second = openTab(perTab, false);
    await first.session.api.get(DATA_PATH);
    await expect.poll(() => second.session.session$.value.tokens?.accessToken).toBe('access-2');
    expect(await second.session.api.get(DATA_PATH)).toEqual([]);
    expect(server.requestsTo(ApiPaths.iam.refreshToken)).toHaveLength(1);
  });
});
