// Timekeeping › Documents › Business trip and Conference (docs/presence-requests.md).
import { businessTripResource, conferenceResource } from './resource.ts';

export const presenceRequestResources = [businessTripResource, conferenceResource] as const;
export { presenceRequestRoutes } from './routes.ts';
export { presenceRequestTables } from './tables.ts';
export { presenceRequestDocuments } from './document-source.ts';
