import { date, uuid, varchar } from 'drizzle-orm/pg-core';
import { UNIT_NAME_MAX, type UnitTypeCode } from '@hcm/contracts/organization';
import { categoryTable } from './categories.ts';

/**
 * Organisation units (migration 0027): a category table with a longer name, the unit's type, its
 * parent unit (a tree), its minimum wage region and contact details. Working groups are its
 * rows of type TO.
 */
export const organizationUnits = categoryTable(
  'organization_units',
  {
    typeCode: varchar('type_code', { length: 16 }).$type<UnitTypeCode>().notNull().default('PHONG'),
    parentId: uuid('parent_id'),
    wageRegion: varchar('wage_region', { length: 4 }),
    address: varchar('address', { length: 200 }),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 50 }),
    establishedDate: date('established_date', { mode: 'string' }),
  },
  UNIT_NAME_MAX,
);
