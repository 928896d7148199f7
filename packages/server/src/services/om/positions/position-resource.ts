import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import { positionContract } from '@hcm/contracts/categories';
import { organizationUnits } from '../tables/organization-units.ts';
import { positions } from '../tables/categories.ts';
import { positionDirectUnits, positionJointUnits } from '../tables/position-units.ts';
import { validationFailed } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';

type Row = Record<string, unknown>;

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** A unit led both directly and jointly by one position: refused on its place in jointUnits. */
function refuseUnitsLedBothWays(direct: unknown, joint: unknown): void {
  const directly = new Set(idsOf(direct));
  const errors: FieldError[] = idsOf(joint).flatMap((id, index) =>
    directly.has(id)
      ? [
          {
            field: `jointUnits[${index}]`,
            code: FieldErrorKeys.invalidValue,
            message: `is also among the units led directly (${id})`,
          },
        ]
      : [],
  );
  if (errors.length > 0)
    throw validationFailed(errors, 'A unit cannot be led both directly and jointly by one position');
}

const unitList = (table: typeof positionDirectUnits) => ({
  table,
  parent: table.positionId,
  value: table.organizationUnitId,
  order: table.ordinal,
  target: organizationUnits,
});

/**
 * Positions bound to their table: the framework keeps the tree free of loops (treeParent) and
 * the unit lists to units of the tenant. A unit is led either directly or jointly: checked on
 * update against the lists as they will be, and on create once the lists are saved (the
 * engine's order: a create's hooks see its lists after the insert), in the same transaction.
 */
export const positionResource = bindResource(positionContract, {
  table: positions,
  referenceLists: {
    directUnits: unitList(positionDirectUnits),
    jointUnits: unitList(positionJointUnits),
  },
  hooks: {
    validate(_, changes: Row, before: Row | null) {
      if (!before || (changes.directUnits === undefined && changes.jointUnits === undefined)) return;
      refuseUnitsLedBothWays(
        changes.directUnits ?? before.directUnits,
        changes.jointUnits ?? before.jointUnits,
      );
    },
    afterCreate(_, record: Row) {
      refuseUnitsLedBothWays(record.directUnits, record.jointUnits);
    },
  },
});
