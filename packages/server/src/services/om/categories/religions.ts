import { religions } from '../../../db/schema.ts';
import { defineCategory } from './category.ts';

/** Religions: /api/om/religions, permission religion. */
export const religionResource = defineCategory({
  path: 'religions',
  permission: 'religion',
  table: religions,
  title: { vi: 'Tôn giáo', en: 'Religions' },
});
