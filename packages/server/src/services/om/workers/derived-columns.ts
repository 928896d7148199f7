import { PROBATION_CONTRACT_TYPE_CODE } from '@hcm/contracts/dashboard';
import { sql, type SQL } from 'drizzle-orm';
import { laborContracts } from '../tables/labor-contracts.ts';
import { contractTypes } from '../tables/wage-categories.ts';
import { workers } from '../tables/workers.ts';

/**
 * One value of the worker's current main labour contract: the latest main contract (not an
 * annex) that took effect by today and was not rejected or cancelled (a contract HR entered
 * counts before its approval, as on the dashboard), even if its term has since ended (the list
 * then shows the lapsed expiry date, which HR looks for). A correlated look-up per row, read
 * through the index labor_contracts_worker_idx (tenant_id, worker_id, effective_date DESC,
 * migration 0033): one index probe per worker shown, filtered or sorted.
 */
/** Today in Vietnam, as todayInVietnam (resources/documents) has it: the session's zone may be UTC. */
const TODAY = sql`(now() at time zone 'Asia/Ho_Chi_Minh')::date`;

const ofCurrentContract = (value: SQL): SQL => sql`(
  select ${value}
  from ${laborContracts}
  join ${contractTypes}
    on ${contractTypes.tenantId} = ${laborContracts.tenantId}
   and ${contractTypes.id} = ${laborContracts.contractTypeId}
  where ${laborContracts.tenantId} = ${workers.tenantId}
    and ${laborContracts.workerId} = ${workers.id}
    and ${laborContracts.parentContractId} is null
    and ${laborContracts.approvalStatus} not in ('REJECTED', 'CANCELED')
    and ${laborContracts.effectiveDate} <= ${TODAY}
  order by ${laborContracts.effectiveDate} desc, ${laborContracts.signingDate} desc
  limit 1)`;

const isProbation = sql`lower(${contractTypes.code}) = lower(${PROBATION_CONTRACT_TYPE_CODE})`;

/**
 * The employee list's derived columns (contract workers.ts, fields contractTypeName …
 * seniorityMonths), given to the binding as SQL over the worker's row.
 */
export const workerDerivedColumns: Readonly<Record<string, SQL>> = {
  contractTypeName: ofCurrentContract(sql`${contractTypes.name}`),
  contractExpiryDate: ofCurrentContract(sql`${laborContracts.expiryDate}`),
  // no current contract: not on probation
  onProbation: sql`coalesce(${ofCurrentContract(isProbation)}, false)`,
  probationEndDate: ofCurrentContract(sql`case when ${isProbation} then ${laborContracts.expiryDate} end`),
  // whole months from the joining date to today (none before joining)
  seniorityMonths: sql`case when ${workers.joinedDate} is not null then greatest(0, (
    extract(year from age(${TODAY}, ${workers.joinedDate})) * 12
    + extract(month from age(${TODAY}, ${workers.joinedDate})))::int) end`,
};
