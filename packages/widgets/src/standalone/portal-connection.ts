import { configureHttp } from '@hcm/session';
import { defaultDictionaryUrl, defaultMessagesUrl, initI18n } from '@hcm/i18n';
import { setPortalOrigin } from '../notification-bell/follow-link.ts';

let connectedTo: string | null | undefined;

/** `api-base` as an absolute address without a trailing slash, or null for this page's own origin. */
export function portalBase(apiBase: string | undefined, page: string = location.href): string | null {
  if (!apiBase) return null;
  if (!URL.canParse(apiBase, page)) return null;
  const url = new URL(apiBase, page);
  if (!/^https?:$/.test(url.protocol)) return null;
  return url.href.replace(/\/+$/, '');
}

/**
 * Points the page's session client, translations and links at the portal, once: the first
 * element to render decides (its `api-base`, or none: the portal is this page's origin). Later
 * elements naming another portal are told off in the console; one page speaks to one portal.
 */
export function connectToPortal(apiBase: string | undefined): void {
  const base = portalBase(apiBase);
  if (connectedTo !== undefined) {
    if (apiBase && base !== connectedTo)
      console.warn(
        `hcm widgets: api-base "${apiBase}" ignored, this page already uses ${connectedTo ?? 'its own origin'}`,
      );
    return;
  }
  connectedTo = base;
  if (base) {
    configureHttp({ baseURL: base });
    setPortalOrigin(new URL(base).origin);
  }
  void initI18n(
    base
      ? {
          dictionaryUrl: (app, language) => base + defaultDictionaryUrl(app, language),
          messagesUrl: (language) => base + defaultMessagesUrl(language),
        }
      : {},
  );
}
