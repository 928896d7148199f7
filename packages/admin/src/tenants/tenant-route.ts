import { tenantContract } from '@hcm/contracts/system';

/** The tenants' pages: the generic ones under this route, and /create-with-admin. */
export const TENANT_ROUTE = tenantContract.route;
export const CREATE_WITH_ADMIN_PATH = `${TENANT_ROUTE}/create-with-admin`;
/** The time clocks that pushed and belong to no tenant (docs/attendance-devices.md). */
export const PENDING_DEVICES_PATH = `${TENANT_ROUTE}/pending-devices`;
