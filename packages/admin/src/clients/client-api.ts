import { api, http } from '@hcm/session';
import {
  ClientApiPaths,
  type ApiClient,
  type ApiClientWithSecret,
  type CreateClientBody,
} from '@hcm/contracts/system';

const one = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** /api/system/clients: the tenant's API clients; the secret comes back from create and rotate only. */
export const clientApi = {
  list: () => api.get<ApiClient[]>(ClientApiPaths.list),
  create: (body: CreateClientBody) =>
    api.post<ApiClientWithSecret>(ClientApiPaths.list, body, { ignoreError: true }),
  rotateSecret: (id: string) => api.post<ApiClientWithSecret>(one(ClientApiPaths.rotateSecret, id)),
  revoke: (id: string) => api.post<ApiClient>(one(ClientApiPaths.revoke, id)),
  /** kept for the API's completeness: the page edits no client yet (see packages/admin/README.md) */
  update: async (id: string, body: Omit<CreateClientBody, 'name'> & { name: string; version: number }) =>
    (await http.put<{ data: ApiClient }>(one(ClientApiPaths.one, id), body)).data.data,
};
