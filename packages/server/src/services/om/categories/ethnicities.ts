import { ethnicities } from '../../../db/schema.ts';
import { defineCategory } from './category.ts';

/** Ethnicities: /api/om/ethnicities, permission ethnicity. */
export const ethnicityResource = defineCategory({
  path: 'ethnicities',
  permission: 'ethnicity',
  table: ethnicities,
  title: { vi: 'Dân tộc', en: 'Ethnicities' },
});
