import { tenantContract } from '@hcm/contracts/system';

/** The tenants' pages: the generic ones under this route, and /create-with-admin. */
export const TENANT_ROUTE = tenantContract.route;
export const CREATE_WITH_ADMIN_PATH = `${TENANT_ROUTE}/create-with-admin`;
