/** Conventions between the root config, the shell and module micro-apps. */

/** Where the root config mounts the shell. */
export const SHELL_ELEMENT_ID = 'hcm-shell';

/** Where module micro-apps mount, inside the shell's workspace layout. */
export const MODULE_OUTLET_ID = 'hcm-module-outlet';

/** Fired on window each time the shell attaches the module outlet. */
export const MODULE_OUTLET_READY_EVENT = 'hcm:module-outlet-ready';

/** A micro-app's translations as the build publishes them and the server serves them. */
export const translationUrl = (app: string, language: string) => `/i18n/${app}/${language}.json`;

/**
 * Fired on window by a module micro-app whose page cannot be shown (its record was not found,
 * access was refused, the server failed): the shell replaces the location with /404, /403 or
 * /500 to match `detail.status`.
 */
export const NAVIGATION_ERROR_EVENT = 'hcm:navigation-error';
export interface NavigationErrorDetail {
  status: number;
}
