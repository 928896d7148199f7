import { FieldLimits } from '../limits.ts';
import { menuEntries } from '../menu.ts';
import type { PermissionResource } from '../permissions.ts';
import { defineContract } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles, type TitledResource } from '../resource/titles.ts';

/** The fields every Admin category of catalogues §2.2 has. */
export const categoryFields = {
  code: f.code(),
  name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
  /** The record's name in English: English pages name a referenced record by it when it has one. */
  nameEn: f.text({
    label: label('common.nameEn', 'Tên tiếng Anh', 'English name'),
    maxLength: FieldLimits.name,
  }),
  description: f.text({
    label: CommonLabels.description,
    maxLength: FieldLimits.description,
    multiline: true,
  }),
  priority: f.integer({ label: CommonLabels.priority }),
  status: f.status(),
};

/**
 * The lists of a category's own fields, in the order each place shows them: declared once for
 * every contract built on categoryFields (plain categories, salary grades, scale groups).
 */
export const CategoryLists = {
  /** an English name finds the record too: who types "Engineer" finds "Kỹ sư" */
  keyword: ['code', 'name', 'nameEn'],
  /** the form's and the record's general section */
  general: ['code', 'name', 'nameEn', 'priority', 'description'],
  /** the export's columns, before the audit columns */
  exported: ['code', 'name', 'nameEn', 'description', 'priority', 'status'],
  imported: ['code', 'name', 'nameEn', 'description', 'priority'],
} as const;

/** Export columns of a category: its own, then `more` (a list of rows), then the audit columns. */
export const categoryExportColumns = <const M extends readonly string[] = []>(...more: M) =>
  [...CategoryLists.exported, ...more, 'createdAt', 'lastModifiedAt'] as const;

/**
 * An Admin category (code, name, description, priority, status) of tenant users, served at
 * /api/om/{path} and drawn at /setting/{route}; sorted by priority first (catalogues §7.1).
 */
export function categoryContract(options: {
  path: string;
  route: string;
  permission: PermissionResource;
  title: Label;
  singular: Label;
}) {
  return defineContract({
    service: 'om',
    level: 'tenant',
    ...options,
    fields: categoryFields,
    columns: ['code', 'name', 'description', 'priority', 'status', 'lastModifiedAt'],
    keyword: [...CategoryLists.keyword],
    filters: ['status', 'code'],
    sort: ['code', 'name', 'priority', 'createdAt', 'lastModifiedAt'],
    defaultSort: { field: 'priority', direction: 'asc' },
    sections: [{ title: CommonLabels.general, fields: [...CategoryLists.general] }],
    exportColumns: [...categoryExportColumns()],
    importColumns: [...CategoryLists.imported],
  });
}

/** The page route of a category: its menu entry's path (the entry guarded by `<permission>.view`). */
function menuRouteOf(permission: PermissionResource): string {
  const view = `${permission}.view`;
  const found = menuEntries().find(
    ({ entry }) => entry.authorities.length === 1 && entry.authorities[0] === view,
  );
  if (!found) throw new Error(`Category ${permission} has no menu entry guarded by ${view} alone`);
  return found.entry.path;
}

const camel = (snake: string) => snake.replace(/_(.)/g, (_, letter: string) => letter.toUpperCase());

/**
 * A category in one line: its permission resource, its path under /api/om and its English
 * singular. Its title is its resource's (resource/titles.ts); the Vietnamese singular is the
 * same word. The page is drawn at its menu entry's path and its table is named after the path
 * (job-titles → job_titles, db/schema.ts).
 */
export function category(permission: TitledResource, path: string, enOne: string) {
  const title = ResourceTitles[permission];
  return categoryContract({
    path,
    route: menuRouteOf(permission),
    permission,
    title,
    singular: label(`category.${camel(permission)}.singular`, title.vi, enOne),
  });
}
