import { EXPIRY_NOTICE_DAYS } from '@hcm/contracts/system';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { contractExpiryNotices } from '../tables/contract-expiry-notices.ts';
import { laborContracts as contracts } from '../tables/labor-contracts.ts';
import { readTenantSettings } from '../../../db/tenant-settings.ts';
import { workers } from '../tables/workers.ts';
import { sendNotifications } from '../../notification/send-notifications.ts';
import { addDays } from './contract-term.ts';
import { renewalDue } from './renewal-due.ts';

/** The permission whose holders (over the whole tenant) are told of contracts about to expire. */
export const EXPIRY_NOTICE_PERMISSION = 'contract.update';

/** The days ahead the tenant wants to hear of an expiry: its configuration, else the system's, else 30. */
export async function expiryNoticeDays(tx: Tx, tenantId: string): Promise<number> {
  return (await readTenantSettings(tx, tenantId))?.contractExpiryNoticeDays ?? EXPIRY_NOTICE_DAYS.default;
}

/**
 * Contracts awaiting renewal (renewal-due.ts: signed main contracts with no later contract of the
 * same employee yet) that end between `today` and `today + days`: what HR must act on. `reach`
 * is the caller's data scope on contracts (undefined: the whole tenant).
 */
export async function findExpiringContracts(tx: Tx, reach: SQL | undefined, today: string, days: number) {
  return tx
    .select({
      id: contracts.id,
      number: contracts.number,
      workerId: contracts.workerId,
      workerName: workers.fullName,
      workerCode: workers.code,
      effectiveDate: contracts.effectiveDate,
      expiryDate: sql<string>`${contracts.expiryDate}`,
    })
    .from(contracts)
    .innerJoin(workers, eq(workers.id, contracts.workerId))
    .where(
      and(
        reach,
        renewalDue,
        gte(contracts.expiryDate, today),
        lte(contracts.expiryDate, addDays(today, days)),
      ),
    )
    .orderBy(asc(contracts.expiryDate), asc(contracts.number));
}

/**
 * Who hears of expiries: active users of the tenant who are its root, or hold
 * EXPIRY_NOTICE_PERMISSION through an active role over the whole tenant (a manager of some units
 * is not told of contracts he cannot open).
 */
async function hrRecipients(tx: Tx): Promise<{ id: string; language: string | null }[]> {
  const result = (await tx.execute(sql`
    select u.id, u.language from users u
     where u.status = 'ACTIVE'
       and (u.is_root or exists (
         select 1 from user_roles ur
           join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
           join role_permissions rp on rp.tenant_id = r.tenant_id and rp.role_id = r.id
          where ur.tenant_id = u.tenant_id and ur.user_id = u.id and r.status = 'ACTIVE'
            and r.data_scope = 'TENANT' and rp.permission = ${EXPIRY_NOTICE_PERMISSION}))`)) as unknown as {
    rows: { id: string; language: string | null }[];
  };
  return result.rows;
}

const shown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * Tells HR of each contract of the scope's tenant that expires within the tenant's notice days
 * of `today`, once per contract and expiry date (contract_expiry_notices: a second run the same
 * day, or the next day, sends nothing again; a contract whose end is moved is told of anew).
 * Runs in the tenant's scope; answers how many contracts were noticed.
 */
export async function noticeExpiringContracts(tx: Tx, tenantId: string, today: string): Promise<number> {
  const expiring = await findExpiringContracts(tx, undefined, today, await expiryNoticeDays(tx, tenantId));
  if (expiring.length === 0) return 0;
  const recipients = await hrRecipients(tx);
  let noticed = 0;
  for (const contract of expiring) {
    const [fresh] = await tx
      .insert(contractExpiryNotices)
      .values({ tenantId, contractId: contract.id, expiryDate: contract.expiryDate })
      .onConflictDoNothing()
      .returning({ contractId: contractExpiryNotices.contractId });
    if (!fresh) continue;
    noticed++;
    for (const language of ['vi', 'en'] as const) {
      const ids = recipients.filter((r) => (r.language === 'en' ? 'en' : 'vi') === language).map((r) => r.id);
      if (ids.length === 0) continue;
      const who = `${contract.workerName} (${contract.workerCode})`;
      const end = shown(contract.expiryDate);
      await sendNotifications(tx, tenantId, ids, {
        title:
          language === 'en'
            ? `Contract ${contract.number} of ${who} ends on ${end}`
            : `Hợp đồng ${contract.number} của ${who} hết hạn ngày ${end}`,
        content:
          language === 'en'
            ? 'Renew it, or prepare the end of employment, before that day.'
            : 'Hãy gia hạn hợp đồng hoặc chuẩn bị chấm dứt trước ngày này.',
        attachedLink: `/om/contract/${contract.id}/detail`,
        eventType: 'CONTRACT_EXPIRY',
      });
    }
  }
  return noticed;
}
