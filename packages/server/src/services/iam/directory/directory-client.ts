import { ErrorCodes } from '@hcm/contracts';
import { DirectoryLimits } from '@hcm/contracts/directory';
import { Client, FilterParser, InvalidCredentialsError, type Entry } from 'ldapts';
import { AppError } from '../../../http/errors.ts';
import type { StoredDirectorySettings } from '../tables/directory.ts';

/** One person as the directory has them, read through the settings' attribute names. */
export interface DirectoryPerson {
  readonly dn: string;
  readonly username: string | null;
  readonly fullName: string | null;
  readonly email: string | null;
  readonly phone: string | null;
}

/** `reason` (the envelope's params): what the browser can name in the user's words (`bindRefused`). */
export const directoryUnavailable = (why: string, reason?: 'bindRefused') =>
  new AppError(
    502,
    ErrorCodes.directoryUnavailable,
    `The directory could not be read: ${why}`,
    undefined,
    undefined,
    reason ? { reason } : undefined,
  );

/** Whether `filter` is an LDAP filter the client can send (RFC 4515). */
export function isValidFilter(filter: string): boolean {
  try {
    FilterParser.parseString(filter);
    return true;
  } catch {
    return false;
  }
}

const newClient = (url: string) =>
  new Client({
    url,
    timeout: DirectoryLimits.timeoutMs,
    connectTimeout: DirectoryLimits.connectTimeoutMs,
    // ldaps://: the server must prove who it is, as any TLS server (no rejectUnauthorized:
    // false). Given for ldap:// too, the client would speak TLS on a plain port.
    ...(url.startsWith('ldaps://') ? { tlsOptions: { minVersion: 'TLSv1.2' as const } } : {}),
  });

/** The first value of an attribute as text, or null (absent, empty, binary). */
function textOf(entry: Entry, attribute: string): string | null {
  if (attribute === '') return null;
  const key = Object.keys(entry).find((name) => name.toLowerCase() === attribute.toLowerCase());
  const raw = key === undefined ? undefined : entry[key];
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (first === undefined) return null;
  const text = (Buffer.isBuffer(first) ? first.toString('utf8') : first).trim();
  return text === '' ? null : text;
}

/** A failure of the directory as the API says it: never the password, never a stack. */
function explain(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof InvalidCredentialsError)
    return directoryUnavailable('the bind DN or password was refused', 'bindRefused');
  const message = error instanceof Error ? error.message : String(error);
  return directoryUnavailable(message.slice(0, 300));
}

/**
 * Binds with the settings (anonymously when there is no bind DN) and gives `work` the client;
 * unbinds whatever happens. Every failure is a 502 DIRECTORY_UNAVAILABLE saying why.
 */
export async function withDirectory<T>(
  settings: StoredDirectorySettings,
  bindPassword: string | null,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const client = newClient(settings.url);
  try {
    if (settings.bindDn !== '') await client.bind(settings.bindDn, bindPassword ?? '');
    return await work(client);
  } catch (error) {
    throw explain(error);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * The people under the base DN that match the filter, page by page, at most `limit` (then
 * `truncated`): each with the settings' attributes only, so a wide entry costs nothing.
 */
export async function readPeople(
  client: Client,
  settings: StoredDirectorySettings,
  limit: number,
): Promise<{ people: DirectoryPerson[]; truncated: boolean }> {
  const attributes = [
    settings.usernameAttribute,
    settings.fullNameAttribute,
    settings.emailAttribute,
    settings.phoneAttribute,
  ].filter((name) => name !== '');
  const people: DirectoryPerson[] = [];
  const pages = client.searchPaginated(settings.baseDn, {
    scope: 'sub',
    filter: settings.userFilter,
    attributes,
    paged: { pageSize: Math.min(500, limit + 1) },
    timeLimit: Math.ceil(DirectoryLimits.timeoutMs / 1000),
  });
  for await (const page of pages) {
    for (const entry of page.searchEntries) {
      if (people.length === limit) return { people, truncated: true };
      people.push({
        dn: entry.dn,
        username: textOf(entry, settings.usernameAttribute),
        fullName: textOf(entry, settings.fullNameAttribute),
        email: textOf(entry, settings.emailAttribute),
        phone: textOf(entry, settings.phoneAttribute),
      });
    }
  }
  return { people, truncated: false };
}

/**
 * Whether the directory at `url` accepts `password` for `dn` (a simple bind as the user). An
 * empty password is refused here: LDAP takes a DN with no password as an anonymous bind, which
 * "succeeds" (RFC 4513 §5.1.2). A directory that cannot be reached answers false.
 */
export async function directoryAccepts(url: string, dn: string, password: string): Promise<boolean> {
  if (password === '' || dn === '') return false;
  const client = newClient(url);
  try {
    await client.bind(dn, password);
    return true;
  } catch {
    return false;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
