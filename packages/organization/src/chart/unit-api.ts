import { organizationUnitContract, type OrganizationUnitNode } from '@hcm/contracts/organization';
import { api } from '@hcm/session';

const base = organizationUnitContract.apiPath;
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** The calls of the chart beyond the generic pages', through @hcm/session's one client. */
export const unitApi = {
  /** every active unit, flat, with its parent (GET /find-all-tree) */
  findAllTree: () => api.get<OrganizationUnitNode[]>(`${base}/find-all-tree`, { loading: true }),
  /**
   * Moves a unit under another (null: to the top). The record is read for its version first, so
   * that a change made meanwhile answers 409 instead of being overwritten; a 400 (a unit placed
   * below itself) is left to the dialog, which shows it on its picker.
   */
  move: async (id: string, parentId: string | null) => {
    const record = await api.get<{ version: number }>(one(id));
    return api.post<unknown>(
      `${one(id)}/update`,
      { parentId, version: record.version },
      { ignoreError: true, loading: true },
    );
  },
  deactivate: (id: string) => api.post<unknown>(`${one(id)}/inactive`, undefined, { loading: true }),
};
