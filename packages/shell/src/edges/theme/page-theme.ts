import { ApiPaths } from '@hcm/contracts';
import { MemoryStorage, api } from '@hcm/session';
import { createThemeController, type ThemeController } from './theme-controller.ts';
import { downloadAsDataUrl } from './download-logo.ts';

let controller: ThemeController | null = null;

/** Reading localStorage throws in some sandboxed frames: the theme is then simply not cached. */
function localStorageOrMemory(): Storage {
  try {
    return window.localStorage;
  } catch {
    return new MemoryStorage();
  }
}

/** The page's one theme, made on first use (it reads localStorage and the document). */
export function pageTheme(): ThemeController {
  controller ??= createThemeController({
    storage: localStorageOrMemory(),
    document: window.document,
    loadServerTheme: () => api.get<unknown>(ApiPaths.theme.current),
    downloadLogo: (url) => downloadAsDataUrl(window.fetch.bind(window), url),
  });
  return controller;
}
