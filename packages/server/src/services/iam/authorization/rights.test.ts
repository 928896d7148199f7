import { describe, expect, it } from 'vitest';
import { permissionCodesForLevel } from '@hcm/contracts';
import { excessOver, holdsEveryRight, isWithin, type Rights } from './rights.ts';

const rights = (
  codes: string[],
  dataScope: Rights['dataScope'] = 'TENANT',
  extra: Partial<Rights> = {},
): Rights => ({
  isRoot: false,
  level: 'TENANT',
  permissions: new Set(codes),
  dataScope,
  ...extra,
});

describe('the no-escalation rule', () => {
  it('lets an actor reach a target whose codes and data scope lie within its own', () => {
    expect(
      isWithin(excessOver(rights(['user.update', 'worker.view']), rights(['worker.view'], 'SELF'))),
    ).toBe(true);
  });

  it('names the codes the target holds beyond the actor, and a wider data scope', () => {
    const excess = excessOver(
      rights(['worker.view'], 'UNITS'),
      rights(['worker.view', 'worker.delete', 'bank.view'], 'TENANT'),
    );
    expect(excess).toEqual({ root: false, permissions: ['bank.view', 'worker.delete'], dataScope: 'TENANT' });
  });

  it('keeps root above everyone and the system administrator’s reach over tenant users', () => {
    const root = rights([], 'TENANT', { isRoot: true, level: 'SYSTEM' });
    expect(isWithin(excessOver(root, rights(permissionCodesForLevel('TENANT'))))).toBe(true);
    expect(excessOver(rights(['user.update'], 'TENANT', { level: 'SYSTEM' }), root).root).toBe(true);
    expect(
      isWithin(excessOver(rights(['user.update'], 'TENANT', { level: 'SYSTEM' }), rights(['worker.delete']))),
    ).toBe(true);
    expect(
      isWithin(
        excessOver(
          rights(['user.update'], 'TENANT', { level: 'SYSTEM' }),
          rights(['tenant.view'], 'TENANT', { level: 'SYSTEM' }),
        ),
      ),
    ).toBe(false);
  });

  it('counts as holding every right only the whole catalogue of the level with the whole tenant', () => {
    const all = permissionCodesForLevel('TENANT');
    expect(holdsEveryRight(rights(all))).toBe(true);
    expect(holdsEveryRight(rights(all, 'UNITS'))).toBe(false);
    expect(holdsEveryRight(rights(all.slice(1)))).toBe(false);
  });
});
