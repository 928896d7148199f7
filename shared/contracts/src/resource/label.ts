/**
 * A label: its i18n key and its one Vietnamese and one English text. The texts live here and
 * nowhere else: the browser registers them as i18next resources under RESOURCE_NAMESPACE, the
 * server writes them into spreadsheet headers and the OpenAPI document.
 */
export interface Label {
  readonly key: string;
  readonly vi: string;
  readonly en: string;
}

/** The i18next namespace holding every resource label (`t('resource:category.code')`). */
export const RESOURCE_NAMESPACE = 'resource';

const KEY = /^[a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)*$/;

export function label(key: string, vi: string, en: string): Label {
  if (!KEY.test(key)) throw new Error(`Label key "${key}" must be dot-separated camelCase words`);
  return { key, vi, en };
}

/** The labels every resource shares: audit columns, status values, generic words. */
export const CommonLabels = {
  code: label('common.code', 'Mã', 'Code'),
  name: label('common.name', 'Tên', 'Name'),
  description: label('common.description', 'Mô tả', 'Description'),
  priority: label('common.priority', 'Thứ tự ưu tiên', 'Priority'),
  status: label('common.status', 'Trạng thái', 'Status'),
  active: label('common.active', 'Đang hoạt động', 'Active'),
  inactive: label('common.inactive', 'Ngừng hoạt động', 'Inactive'),
  createdAt: label('common.createdAt', 'Ngày tạo', 'Created at'),
  createdBy: label('common.createdBy', 'Người tạo', 'Created by'),
  lastModifiedAt: label('common.lastModifiedAt', 'Ngày cập nhật', 'Last modified at'),
  lastModifiedBy: label('common.lastModifiedBy', 'Người cập nhật', 'Last modified by'),
  parent: label('common.parent', 'Cấp trên', 'Parent'),
  general: label('common.generalSection', 'Thông tin chung', 'General information'),
} as const;

/**
 * The dictionary of the given labels in one language, nested by key segments the way i18next
 * reads it. Two labels with one key and different texts, or a key that is also another's
 * prefix, are mistakes: refused.
 */
export function dictionaryOf(labels: Iterable<Label>, language: 'vi' | 'en'): Record<string, unknown> {
  const seen = new Map<string, Label>();
  const root: Record<string, unknown> = {};
  for (const item of labels) {
    const before = seen.get(item.key);
    if (before) {
      if (before.vi !== item.vi || before.en !== item.en)
        throw new Error(`Label ${item.key} has two texts: "${before.vi}" and "${item.vi}"`);
      continue;
    }
    seen.set(item.key, item);
    const segments = item.key.split('.');
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      const next = node[segment] ?? {};
      if (typeof next !== 'object') throw new Error(`Label key ${item.key} extends the label ${segment}`);
      node[segment] = next;
      node = next as Record<string, unknown>;
    }
    const last = segments[segments.length - 1] as string;
    if (last in node) throw new Error(`Label key ${item.key} is also a prefix of other keys`);
    node[last] = item[language];
  }
  return root;
}
