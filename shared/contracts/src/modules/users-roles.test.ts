import { describe, expect, it } from 'vitest';
import { PermissionResources, permissionCodesForLevel, type PermissionResource } from '../permissions.ts';
import { dictionaryOf } from '../resource/label.ts';
import { ResourceLabels, permissionMatrixOf, usersRolesLabels } from './users-roles.ts';

describe('the permission matrix', () => {
  it('offers exactly the codes a role of each level may grant', () => {
    for (const level of ['TENANT', 'SYSTEM'] as const) {
      const codes = permissionMatrixOf(level).modules.flatMap((group) =>
        group.resources.flatMap((row) => row.actions.map((action) => `${row.resource}.${action}`)),
      );
      expect(codes.sort()).toEqual(permissionCodesForLevel(level).sort());
    }
  });

  it('names every resource of the catalogue in both languages, with keys that do not clash', () => {
    const unnamed = (Object.keys(PermissionResources) as PermissionResource[]).filter(
      (r) => !ResourceLabels[r],
    );
    // A resource added later is shown by its code until it gets a label: keep this list short.
    expect(unnamed.length).toBeLessThanOrEqual(3);
    expect(() => dictionaryOf(usersRolesLabels(), 'vi')).not.toThrow();
    expect(() => dictionaryOf(usersRolesLabels(), 'en')).not.toThrow();
  });
});
