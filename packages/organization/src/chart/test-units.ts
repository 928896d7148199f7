import type { OrganizationUnitNode, UnitTypeCode } from '@hcm/contracts/organization';

/** A unit of the find-all-tree answer for tests: its id is its code. */
export function unit(
  code: string,
  parentId: string | null,
  name = code,
  typeCode: UnitTypeCode = 'PHONG',
): OrganizationUnitNode {
  return { id: code, code, name, typeCode, parentId, priority: 0, ...NO_WORKERS };
}

/** A unit nobody works in yet. */
export const NO_WORKERS = { workerQuantity: 0, leaderCount: 0, leaders: [] } as const;

/**
 * A generated organisation of `count` units: one company, branches under it, divisions under
 * each branch, departments and teams below, `fanOut` children per unit, breadth first.
 */
export function generatedUnits(count: number, fanOut = 6): OrganizationUnitNode[] {
  const types: UnitTypeCode[] = ['CONG_TY', 'CHI_NHANH', 'KHOI', 'PHONG', 'TO'];
  const units: OrganizationUnitNode[] = [];
  const depthOf: number[] = [];
  for (let n = 0; n < count; n++) {
    const parentIndex = n === 0 ? -1 : Math.floor((n - 1) / fanOut);
    const depth = parentIndex < 0 ? 0 : (depthOf[parentIndex] ?? 0) + 1;
    depthOf.push(depth);
    units.push({
      id: `u${n}`,
      code: `DV${String(n).padStart(5, '0')}`,
      name: `Đơn vị ${n}`,
      typeCode: types[Math.min(depth, types.length - 1)] ?? 'TO',
      parentId: parentIndex < 0 ? null : `u${parentIndex}`,
      priority: n,
      // a few workers in each unit, and a leader in every tenth
      workerQuantity: n % 7,
      leaderCount: n % 10 === 0 ? 1 : 0,
      leaders:
        n % 10 === 0
          ? [
              {
                workerId: `w${n}`,
                fullName: `Trưởng đơn vị ${n}`,
                gender: 'FEMALE',
                avatarId: null,
                positionName: 'Trưởng phòng',
              },
            ]
          : [],
    });
  }
  return units;
}
