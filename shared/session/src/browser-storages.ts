import { MemoryStorage } from './memory-storage.ts';
import type { SessionStorages } from './session-storage.ts';

/** Reading window.localStorage throws in some sandboxed frames; memory is the safe fallback. */
function storageOrMemory(pick: () => Storage | undefined): Storage {
  try {
    const storage = pick();
    if (storage) return storage;
  } catch {
    // fall through to memory
  }
  return new MemoryStorage();
}

/** localStorage and sessionStorage of this page, or stand-ins where there is no browser. */
export function browserStorages(): SessionStorages {
  return {
    persistent: storageOrMemory(() => globalThis.localStorage),
    perTab: storageOrMemory(() => globalThis.sessionStorage),
  };
}
