import { useEffect } from 'react';
import { tenantContract } from '@hcm/contracts/system';
import { api, ApiError } from '@hcm/session';
import { Authorized, Button, ResourcePages, goTo, matchResourcePage } from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { reportNavigationError } from '../navigation-error.ts';
import { useAdminLocation } from '../use-admin-location.ts';
import { CreateWithAdminPage } from './CreateWithAdminPage.tsx';
import { TenantAdministrationPanel } from './TenantAdministrationPanel.tsx';
import { PendingDevicesPage } from './PendingDevicesPage.tsx';
import { CREATE_WITH_ADMIN_PATH, PENDING_DEVICES_PATH } from './tenant-route.ts';

function ReportNotFound() {
  useEffect(() => reportNavigationError(404), []);
  return null;
}

/** A tenant's pages whose id does not exist are the shell's 404, as ContractPages does. */
function useReportMissingTenant(id: string | undefined) {
  useEffect(() => {
    if (!id) return;
    let current = true;
    api
      .get(`${tenantContract.apiPath}/${encodeURIComponent(id)}`, { ignoreError: true })
      .catch((error: unknown) => {
        if (current && error instanceof ApiError && error.status === 404) reportNavigationError(404);
      });
    return () => {
      current = false;
    };
  }, [id]);
}

/**
 * The tenants: the generic list, create, detail and update from the contract, plus "create
 * with an administrator" (its own page, the credentials shown once), the time clocks that pushed
 * and belong to no tenant (accepted into one from there) and, under the detail, the status with
 * suspend and resume and the subscriptions.
 */
export default function TenantPages() {
  const { pathname } = useAdminLocation();
  const { t } = useAdminTranslation();
  const path = pathname.replace(/\/+$/, '');
  const match = matchResourcePage(tenantContract, path);
  useReportMissingTenant(match?.id);
  if (path === CREATE_WITH_ADMIN_PATH) return <CreateWithAdminPage />;
  if (path === PENDING_DEVICES_PATH) return <PendingDevicesPage />;
  const toolbar = (
    <>
      <Authorized anyOf={['tenant.create']}>
        <Button onClick={() => goTo(CREATE_WITH_ADMIN_PATH)}>{t('tenant.createWithAdmin')}</Button>
      </Authorized>
      <Button onClick={() => goTo(PENDING_DEVICES_PATH)}>{t('pendingDevices.title')}</Button>
    </>
  );
  return (
    <>
      <ResourcePages
        contract={tenantContract}
        pathname={pathname}
        list={{ toolbar }}
        notFound={<ReportNotFound />}
      />
      {match?.page === 'detail' && match.id && <TenantAdministrationPanel key={match.id} id={match.id} />}
    </>
  );
}
