// Timekeeping › Documents › Overtime (docs/overtime-registrations.md).
export { overtimeRegistrationResource } from './resource.ts';
export { overtimeRegistrationRoutes } from './routes.ts';
export { overtimeRegistrationTables } from './tables.ts';
export { overtimeRegistrationDocuments } from './document-source.ts';
