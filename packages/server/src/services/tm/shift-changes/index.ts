// Timekeeping › Documents › Change shift (docs/shift-change-requests.md).
export { shiftChangeRequestResource } from './resource.ts';
export { shiftChangeRequestRoutes } from './routes.ts';
export { shiftChangeRequestTables } from './tables.ts';
export { shiftChangeDocuments } from './document-source.ts';
