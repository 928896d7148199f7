/**
 * Query parameters that carry a secret or a signature (S3 presigned URLs, OAuth tokens, API
 * keys, webhook signatures): removed from a URL before it is logged.
 */
const SECRET_PARAMETER =
  /^(x-amz-(signature|credential|security-token)|x-goog-(signature|credential)|signature|sig|token|access_token|refresh_token|id_token|client_secret|secret|password|passwd|api[-_]?key|key|auth|authorization|code)$/i;

/**
 * The URL as the outbound log keeps it: without user name and password, without secret or
 * signature query parameters, without fragment. Not a URL: the text up to its first `?`.
 */
export function redactUrl(raw: string): string {
  if (!URL.canParse(raw)) return raw.split(/[?#]/, 1)[0] ?? '';
  const url = new URL(raw);
  url.username = '';
  url.password = '';
  url.hash = '';
  for (const name of [...new Set(url.searchParams.keys())])
    if (SECRET_PARAMETER.test(name)) url.searchParams.delete(name);
  return url.toString();
}
