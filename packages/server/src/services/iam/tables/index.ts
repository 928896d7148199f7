// The identity and access module's own tables beside the core ones of db/schema.ts (users, roles,
// sessions: the engine reads those): drizzle mirrors of their migrations (the SQL is the truth).
import { apiClientTables } from './api-clients.ts';
import { directoryTables } from './directory.ts';
import { listViewTables } from './list-views.ts';

/** The module's drizzle mirrors, for the schema check (services/tables.test.ts). */
export const iamTables = { ...apiClientTables, ...directoryTables, ...listViewTables };
