import {
  LookupTablePaths,
  type LookupTable,
  type LookupTableCreateBody,
  type LookupVersion,
  type LookupVersionBody,
} from '@hcm/contracts/payroll-lookup-tables';
import { api, http } from '@hcm/session';

const one = (id: string) => LookupTablePaths.one.replace(':id', encodeURIComponent(id));
const versions = (id: string) => LookupTablePaths.versions.replace(':id', encodeURIComponent(id));
const version = (id: string, versionId: string) =>
  LookupTablePaths.version
    .replace(':id', encodeURIComponent(id))
    .replace(':versionId', encodeURIComponent(versionId));

/** Salary › Config › lookup tables (@hcm/contracts/payroll-lookup-tables); refusals come as ApiError. */
export const lookupApi = {
  list: () => api.get<LookupTable[]>(LookupTablePaths.list, { ignoreError: true }),
  get: (id: string) => api.get<LookupTable>(one(id), { ignoreError: true }),
  create: (body: LookupTableCreateBody) =>
    api.post<LookupTable>(LookupTablePaths.list, body, { ignoreError: true }),
  remove: async (id: string) => {
    await http.delete(one(id), { ignoreError: true });
  },
  version: (id: string, versionId: string) =>
    api.get<LookupVersion>(version(id, versionId), { ignoreError: true }),
  addVersion: (id: string, body: LookupVersionBody) =>
    api.post<LookupVersion>(versions(id), body, { ignoreError: true }),
  saveVersion: async (id: string, versionId: string, body: LookupVersionBody) =>
    (await http.put<{ data: LookupVersion }>(version(id, versionId), body, { ignoreError: true })).data.data,
  removeVersion: async (id: string, versionId: string) => {
    await http.delete(version(id, versionId), { ignoreError: true });
  },
  /** the version as a workbook, offered to the user as a download */
  exportVersion: async (id: string, versionId: string, fileName: string) => {
    const response = await http.get<Blob>(
      LookupTablePaths.exportVersion
        .replace(':id', encodeURIComponent(id))
        .replace(':versionId', encodeURIComponent(versionId)),
      { responseType: 'blob', ignoreError: true },
    );
    const url = URL.createObjectURL(response.data);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
  /** a sheet of the export's layout read back as the version of a date (added, or that date's replaced) */
  importVersion: (id: string, file: File, effectiveFrom: string, note: string | null) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<LookupVersion>(
      LookupTablePaths.importVersion.replace(':id', encodeURIComponent(id)),
      body,
      { params: { effectiveFrom, ...(note ? { note } : {}) }, ignoreError: true, loading: true },
    );
  },
};
