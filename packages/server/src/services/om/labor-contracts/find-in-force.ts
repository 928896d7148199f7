import type { ContractInForce, LaborContractRecord } from '@hcm/contracts/labor-contracts';
import { and, desc, eq, gte, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { laborContracts as contracts } from '../tables/labor-contracts.ts';
import { presentRecord } from '../../../resources/present.ts';
import { attachLists } from '../../../resources/write/lists.ts';
import { laborContractResource } from './resources.ts';

/** In force on `date`: approved (signed), effective on or before it, not expired before it. */
const holds = (date: string): SQL =>
  and(
    eq(contracts.approvalStatus, 'APPROVED'),
    lte(contracts.effectiveDate, date),
    or(isNull(contracts.expiryDate), gte(contracts.expiryDate, date)),
  ) as SQL;

const present = async (tx: Tx, rows: Record<string, unknown>[]) =>
  (await attachLists(tx, laborContractResource, rows)).map(
    (row) => presentRecord(laborContractResource, row) as unknown as LaborContractRecord,
  );

/**
 * The worker's contract on `date` (catalogues §7.3 "info by effective date"): the main contract
 * whose term holds the date, the latest effective of them if several overlap, and its annexes in
 * force that day, oldest first. `reach` is the caller's data scope on contracts.
 */
export async function findContractInForce(
  tx: Tx,
  reach: SQL | undefined,
  workerId: string,
  date: string,
): Promise<ContractInForce> {
  const [main] = await tx
    .select()
    .from(contracts)
    .where(and(reach, eq(contracts.workerId, workerId), isNull(contracts.parentContractId), holds(date)))
    .orderBy(desc(contracts.effectiveDate), desc(contracts.signingDate))
    .limit(1);
  if (!main) return { date, contract: null, annexes: [] };
  const annexes = await tx
    .select()
    .from(contracts)
    .where(and(reach, eq(contracts.parentContractId, main.id), holds(date)))
    .orderBy(contracts.effectiveDate, contracts.number);
  const [contract] = await present(tx, [main]);
  return { date, contract: contract ?? null, annexes: await present(tx, annexes) };
}
