// The system module's tables: drizzle mirrors of their migrations (the SQL is the truth).
import { documentTemplateTables } from './document-templates.ts';
import { settingTables } from './settings.ts';
import { systemCatalogueTables } from './system-catalogues.ts';
import { translations } from './translations.ts';

/** The module's drizzle mirrors, for the schema check (services/tables.test.ts). */
export const systemTables = {
  translations,
  ...systemCatalogueTables,
  ...settingTables,
  ...documentTemplateTables,
};
