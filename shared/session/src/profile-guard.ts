import { Languages, UserLevels, type Profile } from '@hcm/contracts';

const isStringOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Checks the shape of a profile read from storage or from the server, so that a tampered or
 * outdated stored value never reaches the screens as if it were valid.
 */
export function isProfile(value: unknown): value is Profile {
  if (!isRecord(value)) return false;
  const primary = value.userPrimary;
  return (
    typeof value.id === 'string' &&
    typeof value.username === 'string' &&
    typeof value.fullName === 'string' &&
    isStringOrNull(value.email) &&
    isStringOrNull(value.tenantId) &&
    isStringOrNull(value.tenantName) &&
    (Languages as readonly unknown[]).includes(value.language) &&
    isRecord(primary) &&
    typeof primary.isRoot === 'boolean' &&
    Array.isArray(primary.grantedPermissions) &&
    primary.grantedPermissions.every((p) => typeof p === 'string') &&
    (UserLevels as readonly unknown[]).includes(primary.userLevel)
  );
}
