import { ApiPaths } from '@hcm/contracts';
import { documentTemplateContract, type DocumentTemplateRecord } from '@hcm/contracts/settings';
import type { FakeApi } from '../../../../shared/session/src/testing/fake-iam.ts';
import { listRowOf } from '../../../../shared/ui/src/testing/fake-resource-api.ts';

export const TEMPLATES_PATH = documentTemplateContract.apiPath;

/** The users who changed the templates, as Admin › Users' find-by-ids names them. */
export const TEMPLATE_EDITORS = {
  hradmin: { id: '20000000-0000-4000-8000-000000000001', fullName: 'Quản trị Nhân sự', username: 'hradmin' },
  accountant: { id: '20000000-0000-4000-8000-000000000002', fullName: 'Phạm Thu Hà', username: 'ketoan01' },
} as const;

/** A template, number `n`, changed by `overrides` (serveTemplates answers its list row). */
export function templateRecord(
  n: number,
  overrides: Partial<DocumentTemplateRecord> = {},
): DocumentTemplateRecord {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    version: 1,
    name: `Mẫu số ${n}`,
    type: 'CONTRACT',
    subTypes: [],
    file: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    fileExtension: 'docx',
    note: null,
    status: 'ACTIVE',
    createdAt: '2026-03-01T12:00:00Z',
    createdBy: TEMPLATE_EDITORS.hradmin.id,
    // midday UTC: the same calendar day in any time zone the tests run in
    lastModifiedAt: '2026-03-05T12:00:00Z',
    lastModifiedBy: TEMPLATE_EDITORS.hradmin.id,
    ...overrides,
  };
}

/** A template as its list answers it (the contract's listFields): what the picker hands on. */
export const listedTemplate = (template: DocumentTemplateRecord) =>
  listRowOf(documentTemplateContract, template);

/**
 * `api` answers the templates' list with `rows` (and `total`, default their count); the answer
 * is each list call's query string, in order.
 */
export function serveTemplates(
  api: FakeApi,
  rows: readonly DocumentTemplateRecord[],
  total = rows.length,
): URLSearchParams[] {
  const queries: URLSearchParams[] = [];
  api.on('POST', ApiPaths.iam.usersByIds, () => ({
    status: 200,
    body: { data: Object.values(TEMPLATE_EDITORS) },
  }));
  api.on('GET', TEMPLATES_PATH, ({ query }) => {
    queries.push(query);
    return {
      status: 200,
      body: {
        // as the server answers a list: the list rows (the contract's listFields)
        data: rows.map(listedTemplate),
        page: {
          pageIndex: Number(query.get('pageIndex') ?? 1),
          pageSize: Number(query.get('pageSize') ?? 25),
          total,
        },
      },
    };
  });
  return queries;
}
