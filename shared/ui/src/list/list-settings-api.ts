import {
  LIST_SETTINGS_PATHS,
  type ListSettings,
  type ListView,
  type ListViewState,
} from '@hcm/contracts/list-views';
import { api } from '@hcm/session';

const byId = (template: string, id: string) => template.replace(':id', encodeURIComponent(id));

/**
 * The caller's list settings on the server (/api/iam/me/lists…): per user and list, so that the
 * columns chosen and the views saved follow the user from device to device.
 */
export const listSettingsApi = {
  /** quiet: a list opens with its defaults when its settings cannot be read */
  get: (list: string) =>
    api.get<ListSettings>(`${LIST_SETTINGS_PATHS.settings}?list=${encodeURIComponent(list)}`, {
      ignoreError: true,
    }),
  saveColumns: (list: string, columns: string[] | null) =>
    api.post<string[] | null>(LIST_SETTINGS_PATHS.columns, { list, columns }),
  /** the dialog shows a refusal (a taken name, too many views) itself */
  createView: (list: string, name: string, state: ListViewState, isDefault: boolean) =>
    api.post<ListView>(
      LIST_SETTINGS_PATHS.createView,
      { list, name, state, isDefault },
      { ignoreError: true },
    ),
  updateView: (id: string, changes: { name?: string; state?: ListViewState; isDefault?: boolean }) =>
    api.post<ListView>(byId(LIST_SETTINGS_PATHS.updateView, id), changes, { ignoreError: true }),
  deleteView: (id: string) => api.post<unknown>(byId(LIST_SETTINGS_PATHS.deleteView, id)),
};
