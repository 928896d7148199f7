import { ApplicationModules, FieldLimits, type ApplicationModule } from '@hcm/contracts';
import { eq, inArray } from 'drizzle-orm';
import Type from 'typebox';
import { servicePackPrivileges, servicePacks } from '../../../db/schema.ts';
import { defineResource, field } from '../../../resources/index.ts';

/** The largest price: numeric(15, 0) in SQL, exact as a JSON number. */
const MAX_PRICE = 999_999_999_999_999;

/**
 * Service packs (catalogues §3): /api/system/service-packs, permission service_pack, a global
 * table administered by system users only. servicePackPrivileges: the application modules the
 * pack unlocks (table service_pack_privileges), written and returned with the pack.
 */
export const servicePackResource = defineResource({
  service: 'system',
  path: 'service-packs',
  permission: 'service_pack',
  scope: 'system',
  table: servicePacks,
  title: { vi: 'Gói dịch vụ', en: 'Service packs' },
  fields: {
    code: field.code(),
    name: field.text(FieldLimits.name, { required: true, label: { vi: 'Tên', en: 'Name' } }),
    price: field.integer({
      required: true,
      maximum: MAX_PRICE,
      label: { vi: 'Giá (VND)', en: 'Price (VND)' },
    }),
    duration: field.integer({
      required: true,
      minimum: 1,
      maximum: 1200,
      label: { vi: 'Thời hạn (tháng)', en: 'Duration (months)' },
    }),
    description: field.text(FieldLimits.description, { label: { vi: 'Mô tả', en: 'Description' } }),
    status: field.status(),
  },
  lists: {
    servicePackPrivileges: {
      label: { vi: 'Phân hệ được dùng', en: 'Application modules' },
      item: Type.Unsafe<ApplicationModule>({ type: 'string', enum: [...ApplicationModules] }),
      maxItems: ApplicationModules.length,
      async load(tx, ids) {
        const rows = await tx
          .select()
          .from(servicePackPrivileges)
          .where(inArray(servicePackPrivileges.servicePackId, [...ids]))
          .orderBy(servicePackPrivileges.module);
        const byId = new Map<string, string[]>();
        for (const row of rows)
          byId.set(row.servicePackId, [...(byId.get(row.servicePackId) ?? []), row.module]);
        return byId;
      },
      async save(tx, id, modules) {
        await tx.delete(servicePackPrivileges).where(eq(servicePackPrivileges.servicePackId, id));
        if (modules.length > 0)
          await tx
            .insert(servicePackPrivileges)
            .values(modules.map((module) => ({ servicePackId: id, module: module as ApplicationModule })));
      },
    },
  },
  create: ['code', 'name', 'price', 'duration', 'description', 'status'],
  update: ['code', 'name', 'price', 'duration', 'description'],
  search: ['code', 'name'],
  filters: ['status', 'code'],
  sort: ['code', 'name', 'price', 'duration', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'code', direction: 'asc' },
  exportColumns: [
    'code',
    'name',
    'price',
    'duration',
    'description',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: ['code', 'name', 'price', 'duration', 'description'],
});
