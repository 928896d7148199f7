import Type from 'typebox';

/**
 * Users from the organisation's directory (catalogues §7.4 "Users: POST sync from directory";
 * §7.2 "directory login"): a tenant administrator names an LDAP server (Active Directory,
 * OpenLDAP…), the sync makes a user for each person found there and keeps their names and
 * addresses current, and those users sign in with their directory password (the server checks
 * it by binding as them; it never stores it). A person removed from the directory is made
 * inactive at the next sync.
 */
const USERS = '/api/iam/users';
export const DirectoryPaths = {
  /** GET: the tenant's settings (the bind password never leaves); PUT: save them */
  settings: `${USERS}/directory-settings`,
  /** POST: bind and read a few people with the saved settings, writing nothing */
  test: `${USERS}/directory-settings/test`,
  /** POST: make and update the users from the directory now */
  sync: `${USERS}/sync-directory`,
} as const;

/** What one sync reads at most: beyond it the sync stops and deactivates nobody. */
export const DirectoryLimits = {
  maxEntries: 20_000,
  /** a connection that answers nothing for this long is given up */
  timeoutMs: 15_000,
  connectTimeoutMs: 5_000,
  /** the skipped people listed in the answer (all are counted) */
  maxSkippedListed: 100,
} as const;

/** Text without control characters (a newline in a DN or filter is an injection, not a typo). */
const plain = (maxLength: number, minLength = 0) =>
  Type.String({ minLength, maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]*$' });
/** An LDAP attribute name (RFC 4512 descr): a letter, then letters, digits and hyphens. */
const Attribute = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9-]*$' });

export const DirectorySettingsBody = Type.Object(
  {
    enabled: Type.Boolean(),
    /** ldap://host[:port] or ldaps://host[:port] */
    url: Type.String({ maxLength: 300, pattern: '^ldaps?://[A-Za-z0-9.\\-\\[\\]:]+(:[0-9]{1,5})?/?$' }),
    /** whom the server binds as to read the people (empty: an anonymous bind) */
    bindDn: plain(500),
    /** omitted: keep the saved one; '': remove it */
    bindPassword: Type.Optional(plain(200)),
    /** where the people are searched, with everything below it */
    baseDn: plain(500, 1),
    /** an LDAP filter: (objectClass=inetOrgPerson), (&(objectClass=user)(!(userAccountControl:1.2.840.113556.1.4.803:=2)))… */
    userFilter: plain(500, 3),
    usernameAttribute: Attribute,
    fullNameAttribute: Attribute,
    emailAttribute: Type.Union([Attribute, Type.Literal('')]),
    phoneAttribute: Type.Union([Attribute, Type.Literal('')]),
    /** the version read; a stale one is refused with 409 (0: never saved) */
    version: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type DirectorySettingsBody = Type.Static<typeof DirectorySettingsBody>;

/** Why the sync left a person out. */
export const DIRECTORY_SKIP_CODES = [
  'NO_USERNAME',
  'USERNAME_NOT_ALLOWED',
  'NO_FULL_NAME',
  'FULL_NAME_NOT_ALLOWED',
  'LISTED_TWICE',
  'USERNAME_TAKEN',
  'LOCAL_ACCOUNT',
] as const;
export type DirectorySkipCode = (typeof DIRECTORY_SKIP_CODES)[number];

export const DirectorySyncResult = Type.Object({
  /** people the search returned */
  found: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  /** directory users of the tenant the directory no longer has: made inactive */
  deactivated: Type.Integer(),
  skippedCount: Type.Integer(),
  /** the first skipped people with why: `code` for the screen's words, `reason` in English */
  skipped: Type.Array(
    Type.Object({
      entry: Type.String(),
      username: Type.Union([Type.String(), Type.Null()]),
      code: Type.Enum(DIRECTORY_SKIP_CODES),
      reason: Type.String(),
    }),
  ),
  /** the search stopped at DirectoryLimits.maxEntries: nobody was deactivated */
  truncated: Type.Boolean(),
  finishedAt: Type.String({ format: 'date-time' }),
});
export type DirectorySyncResult = Type.Static<typeof DirectorySyncResult>;

export const DirectorySettings = Type.Object({
  ...Type.Omit(DirectorySettingsBody, ['bindPassword']).properties,
  bindPasswordSet: Type.Boolean(),
  lastSync: Type.Union([DirectorySyncResult, Type.Null()]),
});
export type DirectorySettings = Type.Static<typeof DirectorySettings>;

export const DirectoryTestResult = Type.Object({
  /** the people read (at most 5): what the sync would make of them */
  sample: Type.Array(
    Type.Object({
      entry: Type.String(),
      username: Type.Union([Type.String(), Type.Null()]),
      fullName: Type.Union([Type.String(), Type.Null()]),
      email: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type DirectoryTestResult = Type.Static<typeof DirectoryTestResult>;

/** The settings of a tenant that has saved none: an OpenLDAP-style directory, sync off. */
export const DEFAULT_DIRECTORY_SETTINGS: DirectorySettings = {
  enabled: false,
  url: 'ldap://localhost:389',
  bindDn: '',
  baseDn: 'dc=example,dc=vn',
  userFilter: '(objectClass=inetOrgPerson)',
  usernameAttribute: 'uid',
  fullNameAttribute: 'cn',
  emailAttribute: 'mail',
  phoneAttribute: 'telephoneNumber',
  version: 0,
  bindPasswordSet: false,
  lastSync: null,
};
