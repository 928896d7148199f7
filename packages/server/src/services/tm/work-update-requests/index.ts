// Timekeeping › Documents › Work update suggestion (docs/work-update-requests.md).
export { workUpdateRequestResource } from './resource.ts';
export { workUpdateRequestRoutes } from './routes.ts';
export { workUpdateRequestTables } from './tables.ts';
export { workUpdateRequestDocuments } from './document-source.ts';
