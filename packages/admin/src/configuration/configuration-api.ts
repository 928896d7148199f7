import { api, http } from '@hcm/session';
import { CONFIGURATION_API_PATH, type Configuration, type ConfigurationBody } from '@hcm/contracts/system';

/** GET and PUT /api/system/configuration: the caller's own settings (its tenant's, or the defaults). */
export const configurationApi = {
  read: () => api.get<Configuration>(CONFIGURATION_API_PATH),
  save: async (body: ConfigurationBody) =>
    (await http.put<{ data: Configuration }>(CONFIGURATION_API_PATH, body, { ignoreError: true })).data.data,
};
