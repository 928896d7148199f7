import { jobTitles } from '../../../db/schema.ts';
import { defineCategory } from './category.ts';

/** Job titles: /api/om/job-titles, permission job_title. */
export const jobTitleResource = defineCategory({
  path: 'job-titles',
  permission: 'job_title',
  table: jobTitles,
  title: { vi: 'Chức danh', en: 'Job titles' },
});
