import { api, http } from '@hcm/session';
import {
  ClientApiPaths,
  type ApiClient,
  type ApiClientWithSecret,
  type CreateClientBody,
  type UpdateClientBody,
} from '@hcm/contracts/system';

const one = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** /api/system/clients: the tenant's API clients; the secret comes back from create and rotate only. */
export const clientApi = {
  list: () => api.get<ApiClient[]>(ClientApiPaths.list),
  create: (body: CreateClientBody) =>
    api.post<ApiClientWithSecret>(ClientApiPaths.list, body, { ignoreError: true }),
  rotateSecret: (id: string) => api.post<ApiClientWithSecret>(one(ClientApiPaths.rotateSecret, id)),
  revoke: (id: string) => api.post<ApiClient>(one(ClientApiPaths.revoke, id)),
  /** name, description, scopes and last day of an active client, at the version read (409 otherwise) */
  update: async (id: string, body: UpdateClientBody) =>
    (await http.put<{ data: ApiClient }>(one(ClientApiPaths.one, id), body, { ignoreError: true })).data.data,
};
