import { ConflictReasons, FieldErrorKeys } from '@hcm/contracts';
import type { LaborContractRecord } from '@hcm/contracts/labor-contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { laborContracts as contracts } from '../tables/labor-contracts.ts';
import { conflictBecause, validationFailed } from '../../../http/errors.ts';
import { attachLists } from '../../../resources/write/lists.ts';
import { findRecord } from '../../../resources/write/find-record.ts';
import { createRecord, type WriteContext } from '../../../resources/write/write-records.ts';
import { addDays } from './contract-term.ts';
import { followingContracts } from './renewal-due.ts';
import { laborContractResource as resource } from './resources.ts';

/** What the next contract takes from the current one unchanged. */
const CARRIED = ['workerId', 'contractTypeId', 'jobTitleId', 'workplace', 'salary'] as const;

/**
 * "Gia hạn": creates, through the ordinary create (its checks, numbering, hooks and action log),
 * a draft of the contract that follows `id`: the same employee, type, job title, workplace,
 * salary and allowances, effective the day after `id` ends, signed `today`, its end taken from
 * the type's term and its number from the tenant's pattern. HR reviews the draft and sends it
 * for approval. Refused: an annex, a contract without an end, one already followed by another.
 */
export async function renewContract(
  tx: Tx,
  context: WriteContext,
  id: string,
  today: string,
): Promise<LaborContractRecord> {
  const current = await findRecord(tx, resource, context.scope, id);
  await attachLists(tx, resource, [current]);
  const refuse = (field: string, message: string) =>
    validationFailed([{ field, code: FieldErrorKeys.invalidValue, message }]);
  if (current.parentContractId !== null)
    throw refuse('parentContractId', 'an annex is not renewed: renew its contract');
  if (typeof current.expiryDate !== 'string')
    throw refuse('expiryDate', 'a contract without an end needs no renewal');
  // the renewal already made, unless it was rejected or cancelled (renewal-due.ts)
  const [row] = await tx
    .select({ later: sql<string | null>`(select coalesce(later.number, '') ${followingContracts} limit 1)` })
    .from(contracts)
    .where(eq(contracts.id, id));
  const later = row?.later === null || row?.later === undefined ? undefined : { number: row.later };
  if (later)
    throw conflictBecause(
      ConflictReasons.alreadyRenewed,
      `Already followed by contract ${later.number}: open that one`,
      {
        number: later.number,
      },
    );
  const body: Record<string, unknown> = {
    signingDate: today,
    effectiveDate: addDays(current.expiryDate, 1),
    allowances: ((current.allowances ?? []) as Record<string, unknown>[]).map((row) => ({
      allowanceTypeId: row.allowanceTypeId,
      amount: row.amount,
    })),
  };
  for (const field of CARRIED)
    if (current[field] !== null && current[field] !== undefined) body[field] = current[field];
  return (await createRecord(tx, resource, context, body)) as unknown as LaborContractRecord;
}
