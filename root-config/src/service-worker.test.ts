import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorkerWhenStable, type ServiceWorkerPage } from './service-worker.ts';
import { silenceConsole } from './silence-console.ts';

function page() {
  const events = new EventTarget();
  const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
  let pending: { callback: () => void; ms: number } | null = null;
  const target: ServiceWorkerPage = {
    events,
    serviceWorker: { register },
    setTimeout: (callback, ms) => {
      pending = { callback, ms };
      return 1;
    },
    clearTimeout: () => {
      pending = null;
    },
  };
  return { target, events, register, timer: () => pending };
}

describe('service worker registration', () => {
  it('waits for the first mount, then registers /sw.js for the whole portal, once', () => {
    const { target, events, register, timer } = page();
    registerServiceWorkerWhenStable(target);
    expect(register).not.toHaveBeenCalled();
    events.dispatchEvent(new Event('single-spa:first-mount'));
    events.dispatchEvent(new Event('single-spa:app-change'));
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(timer()).toBe(null);
  });

  it('also counts an app change as stable', () => {
    const { target, events, register } = page();
    registerServiceWorkerWhenStable(target);
    events.dispatchEvent(new Event('single-spa:app-change'));
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers after 30 s at the latest when the portal never settles', () => {
    const { target, events, register, timer } = page();
    registerServiceWorkerWhenStable(target);
    expect(timer()?.ms).toBe(30_000);
    timer()?.callback();
    expect(register).toHaveBeenCalledTimes(1);
    events.dispatchEvent(new Event('single-spa:first-mount'));
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing where the browser has no service workers', () => {
    const { target, timer } = page();
    registerServiceWorkerWhenStable({ ...target, serviceWorker: undefined });
    expect(timer()).toBe(null);
  });

  it('only warns when the registration fails', async () => {
    const { target, events } = page();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      registerServiceWorkerWhenStable({
        ...target,
        serviceWorker: { register: () => Promise.reject(new Error('insecure')) },
      });
      events.dispatchEvent(new Event('single-spa:first-mount'));
      await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    } finally {
      warn.mockRestore();
    }
  });
});

describe('console in production', () => {
  it('silences log, info and debug, and leaves warn and error alone', () => {
    const said: string[] = [];
    const target = {
      log: (text: string) => void said.push(`log ${text}`),
      info: (text: string) => void said.push(`info ${text}`),
      debug: (text: string) => void said.push(`debug ${text}`),
      warn: (text: string) => void said.push(`warn ${text}`),
      error: (text: string) => void said.push(`error ${text}`),
    };
    silenceConsole(target);
    for (const method of ['log', 'info', 'debug', 'warn', 'error'] as const) target[method]('x');
    expect(said).toEqual(['warn x', 'error x']);
  });
});
