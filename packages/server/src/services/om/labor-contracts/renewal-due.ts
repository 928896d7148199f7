import { sql, type SQL } from 'drizzle-orm';
import { laborContracts as contracts } from '../tables/labor-contracts.ts';

/**
 * A contract HR must renew or end (the contract field `renewalDue`): a signed (APPROVED) main
 * contract, not an annex, that has an end, and no later main contract of the same employee yet
 * (a renewal drafted or in approval counts; a rejected or cancelled one does not, so HR is told
 * again and may renew again: renewContract reads the same `followingContracts`). Declared once, over the labour contract's row: the
 * contract list's derived column and filter, the expiry notices and GET /expiring
 * (findExpiringContracts), and so the dashboard's card, all read this expression. The look-up
 * of a later contract probes the index labor_contracts_worker_idx (tenant_id, worker_id,
 * effective_date DESC).
 */
/**
 * `from … where …` of the later main contracts (alias `later`) of the same employee that are not
 * rejected or cancelled: its renewals.
 */
export const followingContracts = sql`from ${contracts} later
    where later.tenant_id = ${contracts.tenantId} and later.worker_id = ${contracts.workerId}
      and later.parent_contract_id is null and later.id <> ${contracts.id}
      and later.effective_date > ${contracts.effectiveDate}
      and later.approval_status not in ('REJECTED', 'CANCELED')`;

export const renewalDue: SQL = sql`(${contracts.parentContractId} is null
  and ${contracts.approvalStatus} = 'APPROVED'
  and ${contracts.expiryDate} is not null
  and not exists (select 1 ${followingContracts}))`;
