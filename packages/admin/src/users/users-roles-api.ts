import { ErrorCodes, type FieldError, type PageEnvelope } from '@hcm/contracts';
import {
  UsersRolesPaths,
  type AdminRole,
  type AdminRoleDetail,
  type AdminUser,
  type CreatedUser,
  type PermissionMatrix,
  type RoleSummary,
} from '@hcm/contracts/users-roles';
import { ApiError, api, errorParams, http } from '@hcm/session';

const U = UsersRolesPaths.users;
const R = UsersRolesPaths.roles;
const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** The list's parameters as the API's query string: arrays become repeated parameters. */
export function queryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return search.toString();
}

/** A file the server sent, with the name its Content-Disposition gives. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const fileNameOf = (disposition: unknown, fallback: string) =>
  /filename="?([^";]+)"?/.exec(String(disposition ?? ''))?.[1] ?? fallback;

/** Offers a file to the user (replaceable in tests). */
export const downloads = {
  save(file: DownloadedFile): void {
    const url = URL.createObjectURL(file.blob);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = file.fileName;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

export type ImportOutcome =
  { ok: true; imported: number } | { ok: false; errorFile: DownloadedFile; failedRows: number | null };

/** The users' and roles' calls (catalogues §7.4) through @hcm/session's one client. */
export const usersApi = {
  search: (params: Record<string, unknown>) =>
    api.getPage<AdminUser>(`${U.search}?${queryString(params)}`, { loading: true }),
  get: (id: string) => api.get<AdminUser>(withId(U.detail, id), { ignoreError: true }),
  /** field errors are shown on the form: no toast */
  create: (body: Record<string, unknown>) =>
    api.post<CreatedUser>(U.create, body, { ignoreError: true, loading: true }),
  update: (id: string, body: Record<string, unknown>) =>
    api.post<AdminUser>(withId(U.update, id), body, { ignoreError: true, loading: true }),
  assignRoles: (id: string, roleIds: readonly string[], version: number) =>
    api.post<AdminUser>(
      withId(U.assignRoles, id),
      { roleIds, version },
      { ignoreError: true, loading: true },
    ),
  lock: (id: string) => api.post<AdminUser>(withId(U.lock, id), undefined, { loading: true }),
  unlock: (id: string) => api.post<AdminUser>(withId(U.unlock, id), undefined, { loading: true }),
  generatePassword: (id: string) =>
    api.post<{ generatedPassword: string }>(
      withId(U.changePassword, id),
      { generate: true },
      { loading: true },
    ),
  downloadTemplate: async (): Promise<DownloadedFile> => {
    const response = await http.get<Blob>(U.downloadTemplate, { responseType: 'blob' });
    return {
      blob: response.data,
      fileName: fileNameOf(response.headers['content-disposition'], 'users_template.xlsx'),
    };
  },
  /**
   * A 400 answered with a workbook is the import_err file: nothing was imported. A 400 in the
   * JSON envelope (the file itself refused) is thrown as an ApiError for the page to say in the
   * user's words; any other failure has been told by the shared client.
   */
  importFile: async (file: File): Promise<ImportOutcome> => {
    const body = new FormData();
    body.append('file', file, file.name);
    const response = await http.post<Blob>(U.import, body, {
      responseType: 'blob',
      validateStatus: (status) => status === 200 || status === 400,
    });
    const type = String(response.headers['content-type'] ?? '');
    if (response.status === 200) {
      const parsed = JSON.parse(await response.data.text()) as { data?: { imported?: number } };
      return { ok: true, imported: parsed.data?.imported ?? 0 };
    }
    if (type.includes('json')) {
      const parsed = JSON.parse(await response.data.text()) as {
        code?: string;
        message?: string;
        errors?: FieldError[];
        params?: unknown;
      };
      throw new ApiError(
        400,
        parsed.code ?? ErrorCodes.validation,
        parsed.message ?? '',
        parsed.errors,
        false,
        errorParams(parsed.params),
      );
    }
    const failed = Number(response.headers['x-failed-rows']);
    return {
      ok: false,
      errorFile: {
        blob: response.data,
        fileName: fileNameOf(response.headers['content-disposition'], 'import_err_users.xlsx'),
      },
      failedRows: Number.isInteger(failed) ? failed : null,
    };
  },
};

export const rolesApi = {
  search: (params: Record<string, unknown>): Promise<PageEnvelope<AdminRole>> =>
    api.getPage<AdminRole>(`${R.search}?${queryString(params)}`, { loading: true }),
  all: () => api.get<RoleSummary[]>(R.fullAutoComplete),
  get: (id: string) => api.get<AdminRoleDetail>(withId(R.detail, id), { ignoreError: true }),
  create: (body: Record<string, unknown>) =>
    api.post<AdminRoleDetail>(R.create, body, { ignoreError: true, loading: true }),
  update: (id: string, body: Record<string, unknown>) =>
    api.post<AdminRoleDetail>(withId(R.update, id), body, { ignoreError: true, loading: true }),
  remove: (id: string) => api.post<null>(withId(R.delete, id), undefined, { loading: true }),
  updatePermissions: (id: string, permissions: readonly string[], version: number) =>
    api.post<AdminRoleDetail>(withId(R.updatePermissions, id), { permissions, version }, { loading: true }),
  properties: () => api.get<PermissionMatrix>(R.properties),
};
