import { api } from '@hcm/session';
import { tenantContract } from '@hcm/contracts/system';
import {
  UsersRolesPaths,
  type CreateTenantContactBody,
  type CreatedTenantContact,
} from '@hcm/contracts/users-roles';

const TENANTS = tenantContract.apiPath;

export type HandOverKind = 'LINK' | 'PASSWORD';

export interface CreateWithAdminBody {
  code: string;
  name: string;
  taxCode?: string;
  address?: string;
  contactName?: string;
  contactEmail?: string;
  contactPhone?: string;
  admin: { username: string; fullName: string; email?: string };
  servicePackId?: string;
  months?: number;
  handOver: HandOverKind;
}

/** The credentials of a new tenant account, answered only this once. */
export type HandedOver =
  | { kind: 'PASSWORD'; username: string; password: string }
  | { kind: 'LINK'; username: string; link: string; expiresAt: string };

/** What POST /create-with-admin answers: the credentials only this once. */
export interface CreatedTenant {
  tenant: { id: string; code: string; name: string };
  admin: { id: string; username: string; fullName: string; roleCode: string };
  subscription: { id: string; servicePackId: string; startsAt: string; endsAt: string } | null;
  handOver: HandedOver;
}

export interface SubscriptionPeriod {
  id: string;
  servicePackId: string;
  servicePackCode: string;
  servicePackName: string;
  startsAt: string;
  endsAt: string;
  current: boolean;
}

export interface TenantAdministration {
  id: string;
  status: string;
  suspendedAt: string | null;
  suspensionReason: string | null;
  version: number;
  subscriptions: SubscriptionPeriod[];
}

export interface ServicePackOption {
  id: string;
  code: string;
  name: string;
  duration: number;
}

/** The tenant routes of the system service beyond the generic ones (server README "Tenants and licences"). */
export const tenantApi = {
  createWithAdmin: (body: CreateWithAdminBody) =>
    api.post<CreatedTenant>(`${TENANTS}/create-with-admin`, body),
  administration: (id: string) =>
    api.get<TenantAdministration>(`${TENANTS}/${encodeURIComponent(id)}/administration`),
  suspend: (id: string, reason: string) =>
    api.post<unknown>(`${TENANTS}/${encodeURIComponent(id)}/suspend`, { reason }),
  resume: (id: string, reason: string) =>
    api.post<unknown>(`${TENANTS}/${encodeURIComponent(id)}/resume`, reason ? { reason } : {}),
  /** another administrator of the tenant (POST /api/iam/users/tenant): its link only this once */
  addContact: (body: CreateTenantContactBody) =>
    api.post<CreatedTenantContact>(UsersRolesPaths.users.tenantContact, body, { ignoreError: true }),
  subscribe: (id: string, body: { servicePackId: string; startsAt?: string; months?: number }) =>
    api.post<unknown>(`${TENANTS}/${encodeURIComponent(id)}/subscription`, body),
  /** the active service packs, by code (at most 100: a deployment sells a handful) */
  servicePacks: async (): Promise<ServicePackOption[]> =>
    (
      await api.getPage<ServicePackOption>('/api/system/service-packs', {
        params: { status: 'ACTIVE', pageIndex: 1, pageSize: 100, sortBy: 'code.asc' },
      })
    ).data,
};
