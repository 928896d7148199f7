import { useState } from 'react';
import { contractRenewPath, laborContractContract } from '@hcm/contracts/labor-contracts';
import { api } from '@hcm/session';
import { Button, goTo, notify, resourceRoutes, useHasAuthority } from '@hcm/ui';
import { useOrganizationTranslation } from '../organization-i18n.ts';

/**
 * "Gia hạn" on a labour contract that has an end (not an annex): the server makes a draft of the
 * next contract from this one (same employee, type, pay and allowances, from the day after this
 * one ends, numbered from the tenant's pattern: POST /api/om/contracts/{id}/renew), and the user
 * lands on the draft's form to check it before sending it for approval.
 */
export function RenewContractButton({ record }: { record: Record<string, unknown> & { id: string } }) {
  const { t } = useOrganizationTranslation();
  const mayCreate = useHasAuthority('contract.create');
  const [busy, setBusy] = useState(false);
  if (!mayCreate || typeof record.expiryDate !== 'string' || record.parentContractId) return null;
  const renew = async () => {
    setBusy(true);
    try {
      const next = await api.post<{ id: string; number: string }>(
        contractRenewPath(record.id),
        {},
        { loading: true },
      );
      void notify.success(t('contract.renewed', { number: next.number }));
      goTo(resourceRoutes(laborContractContract).update(next.id));
    } catch {
      // the shared client has told the user (a contract already renewed: 409 names the next one)
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button disabled={busy} onClick={() => void renew()}>
      {t('contract.renew')}
    </Button>
  );
}
