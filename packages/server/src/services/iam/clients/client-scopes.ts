import {
  FieldErrorKeys,
  isPermissionCode,
  permissionCodesForLevel,
  PermissionResources,
  type FieldError,
  type PermissionResource,
} from '@hcm/contracts';
import type { Actor } from '../../../http/caller-scope.ts';
import type { Db } from '../../../db/database.ts';
import { validationFailed } from '../../../http/errors.ts';
import { licenceState } from '../../tenant/licences/check-licence.ts';

const tenantCodes: ReadonlySet<string> = new Set(permissionCodesForLevel('TENANT'));

/**
 * The scopes a tenant user may give a client: codes of the tenant catalogue (permissions.ts),
 * which the user holds themselves (a client never carries more than its maker could do), whose
 * module the tenant's current service pack unlocks. Anything else is refused on `scopes`,
 * naming the codes, and nothing is written.
 */
export async function checkClientScopes(tx: Db, actor: Actor, scopes: readonly string[]): Promise<void> {
  const tenantId = actor.tenantId;
  const problems: FieldError[] = [];
  const refuse = (code: string, why: string) =>
    problems.push({ field: 'scopes', code: FieldErrorKeys.invalidValue, message: `${code} ${why}` });
  const unlocked = new Map<string, boolean>();
  for (const code of scopes) {
    if (!isPermissionCode(code) || !tenantCodes.has(code)) {
      refuse(code, 'is not a permission of the tenant catalogue');
      continue;
    }
    if (!actor.isRoot && !actor.permissions.has(code)) {
      refuse(code, 'is not a permission you hold');
      continue;
    }
    const module = PermissionResources[code.split('.')[0] as PermissionResource].module;
    if (!unlocked.has(module))
      unlocked.set(
        module,
        tenantId !== null && (await licenceState(tx, tenantId, module)).status === 'granted',
      );
    if (!unlocked.get(module))
      refuse(code, `needs the ${module} module, which the service pack does not unlock`);
  }
  if (problems.length > 0) throw validationFailed(problems, 'Some scopes cannot be given to this client');
}

/** The codes a client's token carries: its scopes that are still codes of the tenant catalogue. */
export const grantableScopes = (scopes: readonly string[]): string[] =>
  scopes.filter((code) => tenantCodes.has(code)).sort();
