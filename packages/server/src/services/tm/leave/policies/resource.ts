import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { leavePolicyContract } from '@hcm/contracts/leave-policies';
import { and, eq, ne } from 'drizzle-orm';
import { AppError, validationFailed } from '../../../../http/errors.ts';
import { bindResource } from '../../../../resources/index.ts';
import { tmLeavePolicies } from '../tables.ts';
import { leavePolicyProblems } from './validate.ts';

/**
 * Timekeeping › Config › Leave rules bound to migration 0065's tm_leave_policies (docs/leave.md
 * "The leave rules"): field errors for what the types cannot say (validate.ts), and one version
 * per effective day (409 on effectiveFrom, before the unique index would refuse it unnamed).
 */
export const leavePolicyResource = bindResource(leavePolicyContract, {
  table: tmLeavePolicies,
  hooks: {
    async validate({ tx, caller }, changes, before) {
      const merged = before ? { ...before, ...changes } : changes;
      const problems = leavePolicyProblems(changes, merged);
      if (problems.length > 0)
        throw validationFailed(problems, `The leave rules are not valid: ${problems[0]?.message}`);
      if (before && !('effectiveFrom' in changes)) return;
      const day = String(merged.effectiveFrom);
      const [taken] = await tx
        .select({ id: tmLeavePolicies.id })
        .from(tmLeavePolicies)
        .where(
          and(
            eq(tmLeavePolicies.tenantId, String(caller.tenantId)),
            eq(tmLeavePolicies.effectiveFrom, day),
            before ? ne(tmLeavePolicies.id, String(before.id)) : undefined,
          ),
        )
        .limit(1);
      if (taken)
        throw new AppError(
          409,
          ErrorCodes.conflict,
          `There are already leave rules in force from ${day}: one version a day`,
          [
            {
              field: 'effectiveFrom',
              code: FieldErrorKeys.invalidValue,
              message: 'already has leave rules from this day',
            },
          ],
        );
    },
  },
});
