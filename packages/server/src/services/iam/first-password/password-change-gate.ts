import { ApiPaths, ErrorCodes } from '@hcm/contracts';
import { AppError } from '../../../http/errors.ts';

/**
 * What a user whose password was set by someone else may still call: the own password change,
 * and what the portal needs to draw the change page (the profile, read or saved, e.g. the
 * language chosen on it; the authorities). Sign-out
 * and token refresh are public routes (the refresh token is their credential) and never reach
 * the gate. Keys are `METHOD path` as the route declares its path.
 */
const OPEN_BEFORE_CHANGE: ReadonlySet<string> = new Set([
  `POST ${ApiPaths.iam.resetPassword}`,
  `GET ${ApiPaths.iam.meProfile}`,
  `POST ${ApiPaths.iam.meProfile}`,
  `GET ${ApiPaths.iam.meAuthorities}`,
]);

export const passwordChangeRequired = () =>
  new AppError(
    403,
    ErrorCodes.passwordChangeRequired,
    'Your password was set by an administrator: choose your own before doing anything else',
  );

/**
 * The restriction of a first-password session (migrations/0026): 403 PASSWORD_CHANGE_REQUIRED
 * on every authenticated route but those above. The flag is read with the actor on every
 * request (load-actor.ts), so the restriction lifts at the very next request after the change,
 * without a new sign-in or token.
 */
export function refuseUntilPasswordChanged(
  actor: { passwordChangeRequired: boolean },
  route: { method: string; url: string | undefined },
): void {
  if (!actor.passwordChangeRequired) return;
  if (OPEN_BEFORE_CHANGE.has(`${route.method.toUpperCase()} ${route.url ?? ''}`)) return;
  throw passwordChangeRequired();
}
