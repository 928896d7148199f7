/** single-spa's navigation, present on the portal's page once single-spa has started. */
interface SingleSpaWindow {
  singleSpaNavigate?: (url: string) => void;
}

/** The portal's address on a page outside it (the standalone bundle's `api-base`), else this page's. */
let portalOrigin: string | null = null;
export function setPortalOrigin(origin: string | null): void {
  portalOrigin = origin;
}

/**
 * Follows a notification's link: a portal path goes through the portal's router when the bell is
 * inside the portal, and opens the portal in a new tab from any other page; an http(s) address
 * opens in a new tab. Anything else (javascript:, data:) is never followed.
 */
export function followLink(link: string, target: Window = window): void {
  if (link.startsWith('/') && !link.startsWith('//')) {
    if (portalOrigin && portalOrigin !== target.location.origin) {
      target.open(new URL(link, portalOrigin).href, '_blank', 'noopener');
      return;
    }
    const navigate = (target as Window & SingleSpaWindow).singleSpaNavigate;
    if (navigate) navigate(link);
    else target.location.assign(link);
  } else if (/^https?:\/\//i.test(link)) {
    target.open(link, '_blank', 'noopener');
  }
}
