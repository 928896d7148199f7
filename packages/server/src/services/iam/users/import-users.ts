import { USER_IMPORT_COLUMNS, userFields } from '@hcm/contracts/users-roles';
import { label } from '@hcm/contracts/resource';
import { sql } from 'drizzle-orm';
import type { Validator } from 'typebox/compile';
import { Compile } from 'typebox/compile';
import type { Db, Tx } from '../../../db/database.ts';
import { users } from '../../../db/schema.ts';
import { recordActions, type ActionContext } from '../../../resources/action-log/record-actions.ts';
import { deriveSchemas } from '../../../resources/schema/record-schemas.ts';
import { fieldSpecOf } from '../../../resources/schema/contract-fields.ts';
import type { CheckedRows } from '../../../resources/import/validate-rows.ts';
import type { Fields, Language, ResourceDeclaration, ResourceDefinition } from '../../../resources/types.ts';
import { replaceUserRoles } from '../roles/role-store.ts';
import { roleTablesOf } from '../roles/role-store.ts';

const fields: Fields = Object.fromEntries(
  Object.entries(userFields).map(([name, field]) => [name, fieldSpecOf(field)]),
);

const declaration: ResourceDeclaration = {
  service: 'iam',
  path: 'users',
  permission: 'user',
  title: label('userAccount.importTitle', 'Người dùng', 'Users'),
  table: users,
  fields,
  create: [...USER_IMPORT_COLUMNS],
  update: [],
  search: [],
  filters: [],
  sort: ['username'],
  defaultSort: { field: 'username', direction: 'asc' },
  exportColumns: [],
  importColumns: [...USER_IMPORT_COLUMNS],
  scope: 'tenant',
  without: ['create', 'update', 'delete', 'status', 'export', 'autoComplete'],
};

/**
 * What the resource framework's spreadsheet pieces (template, reader, row checks, error
 * workbook: resources/import, resources/template) read of a resource, for the users' import.
 * Users are no generic resource (one table for system and tenant users, roles beside them), so
 * this is not registered anywhere: only its columns, labels and rules are used.
 */
const importParts: Partial<ResourceDefinition> = {
  declaration,
  name: 'user',
  module: 'SETTING',
  scope: 'tenant',
  basePath: '/api/iam/users',
  fields,
  lists: {},
  statusField: null,
  field: (name: string) => {
    const spec = fields[name];
    if (!spec) throw new Error(`users' import has no field ${name}`);
    return spec;
  },
  table: users,
  schemas: deriveSchemas(declaration),
  hooks: {},
  dataScope: 'tenant',
};
export const userImportDefinition = importParts as ResourceDefinition;

export const userImportRow: Validator = Compile(userImportDefinition.schemas.importRow);

const complain = (checked: CheckedRows, rowNumber: number, message: string) =>
  checked.problems.set(rowNumber, [...(checked.problems.get(rowNumber) ?? []), message]);

const codesOf = (value: unknown) =>
  typeof value === 'string'
    ? [
        ...new Set(
          value
            .split(/[,;]/)
            .map((code) => code.trim())
            .filter((code) => code !== ''),
        ),
      ]
    : [];

/**
 * The user names of the rows that someone already has, anywhere in the system (user names are
 * unique across tenants). Read as the owner, since row-level security hides other tenants'
 * users, and BEFORE the import's transaction: on PGlite, with its one connection, a query
 * outside an open transaction would wait for it forever.
 */
export async function takenUsernames(owner: Db, checked: CheckedRows): Promise<ReadonlySet<string>> {
  const names = checked.rows.flatMap((row) =>
    typeof row.values.username === 'string' ? [row.values.username.toLowerCase()] : [],
  );
  const taken = new Set<string>();
  if (names.length === 0) return taken;
  const found = await owner
    .select({ key: sql<string>`lower(${users.username})` })
    .from(users)
    .where(
      sql`lower(${users.username}) in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})`,
    );
  for (const { key } of found) taken.add(key);
  return taken;
}

/**
 * Adds the problems only the database can tell: a user name already taken (`taken`, read before
 * the transaction), and role codes that are not the caller's roles (read in `tx`, the caller's
 * scoped transaction). Answers the role ids of each row.
 */
export async function addUserImportProblems(
  tx: Tx,
  context: ActionContext,
  checked: CheckedRows,
  taken: ReadonlySet<string>,
  language: Language,
): Promise<Map<number, string[]>> {
  const { role } = roleTablesOf(context.scope);
  const roleRows = await tx.select({ id: role.id, code: role.code }).from(role);
  const roleIdOf = new Map(roleRows.map((row) => [row.code.toLowerCase(), row.id]));
  const roleIdsByRow = new Map<number, string[]>();
  for (const { rowNumber, values } of checked.rows) {
    if (typeof values.username === 'string' && taken.has(values.username.toLowerCase()))
      complain(
        checked,
        rowNumber,
        `${fields.username?.label[language] ?? 'username'}: ${language === 'vi' ? 'đã tồn tại' : 'already exists'}`,
      );
    const ids: string[] = [];
    for (const code of codesOf(values.roleCodes)) {
      const id = roleIdOf.get(code.toLowerCase());
      if (id) ids.push(id);
      else
        complain(
          checked,
          rowNumber,
          language === 'vi' ? `Vai trò ${code}: không tìm thấy` : `Role ${code}: there is no such role`,
        );
    }
    roleIdsByRow.set(rowNumber, ids);
  }
  return roleIdsByRow;
}

/**
 * Inserts every checked row as a user of the caller's level and tenant with its roles, in the
 * caller's transaction (all rows or none). Imported users get no password: they cannot sign in
 * until an administrator sets one (change password, where a generated one is shown once), so
 * no password ever travels in a spreadsheet.
 */
export async function insertImportedUsers(
  tx: Tx,
  context: ActionContext,
  checked: CheckedRows,
  roleIdsByRow: Map<number, string[]>,
): Promise<number> {
  const { scope } = context;
  for (const { rowNumber, values } of checked.rows) {
    const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : null);
    const [row] = await tx
      .insert(users)
      .values({
        tenantId: scope.tenantId,
        username: text('username') ?? '',
        fullName: text('fullName') ?? '',
        email: text('email'),
        phone: text('phone'),
        passwordHash: null,
        // Whatever password an administrator sets later is not the user's own (migrations/0026).
        passwordChangeRequired: true,
        userLevel: scope.tenantId === null ? 'SYSTEM' : 'TENANT',
        accountType: scope.tenantId === null ? 'INTERNAL' : 'EMPLOYEE',
        createdBy: scope.userId,
        lastModifiedBy: scope.userId,
      })
      .returning({ id: users.id, username: users.username });
    if (!row) throw new Error('user insert returned nothing');
    await replaceUserRoles(tx, scope, row.id, roleIdsByRow.get(rowNumber) ?? []);
    await recordActions(tx, context, [
      {
        resource: 'user',
        recordId: row.id,
        action: 'IMPORT',
        changes: {
          username: { before: null, after: row.username },
          roles: { before: null, after: codesOf(values.roleCodes) },
        },
      },
    ]);
  }
  return checked.rows.length;
}
