// Timekeeping › Documents › Leave application, and the annual leave balances (docs/leave.md).
export { leaveApplicationResource } from './applications/resource.ts';
export { leaveApplicationRoutes } from './applications/routes.ts';
export { leaveApplicationDocuments } from './applications/document-source.ts';
export { leaveBalanceRoutes } from './balances/routes.ts';
export { leaveTables } from './tables.ts';
