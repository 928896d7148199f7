import { ClientErrorCodes, type ApiError } from '@hcm/session';

/**
 * What the form's error bar says when the server's answer named no field the form has. The
 * server's own words are English developer text (e.g. "The session to keep is not valid"), so
 * the page says it in the user's language instead.
 */
export function saveFailureKey(error: ApiError): string {
  if (error.code === ClientErrorCodes.network) return 'pages.myProfile.errors.network';
  if (error.fieldErrors.some((e) => e.field === 'refreshToken'))
    return 'pages.myProfile.password.sessionInvalid';
  return 'pages.myProfile.errors.unexpected';
}
