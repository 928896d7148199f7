import {
  TimekeepingConfigPaths,
  type TimekeepingConfig,
  type TimekeepingConfigBody,
  type TimekeepingConfigSaved,
} from '@hcm/contracts/timekeeping-config';
import { api, http } from '@hcm/session';

const versionPath = (month: string) => TimekeepingConfigPaths.version.replace(':month', month);

/** The timesheet settings of Timekeeping › General config (the server's error envelope rejects). */
export const timekeepingConfigApi = {
  read: (month: string) =>
    api.get<TimekeepingConfig>(TimekeepingConfigPaths.config, { params: { month }, ignoreError: true }),
  save: async (month: string, body: TimekeepingConfigBody) =>
    (await http.put<{ data: TimekeepingConfigSaved }>(versionPath(month), body, { ignoreError: true })).data
      .data,
  remove: async (month: string, body: { reason: string; version: number }) =>
    (
      await http.delete<{ data: TimekeepingConfigSaved }>(versionPath(month), {
        data: body,
        ignoreError: true,
      })
    ).data.data,
};
