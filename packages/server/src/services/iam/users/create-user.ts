import { ErrorCodes, FieldErrorKeys, type AccountType, type Language } from '@hcm/contracts';
import type { Db } from '../../../db/database.ts';
import { users, type UserRow } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import type { PasswordHasher } from '../passwords/password-hasher.ts';
import { findUserByUsername } from './find-user.ts';

export interface CreateUserInput {
  /** null makes a system user; a tenant id makes a user of that tenant */
  tenantId: string | null;
  username: string;
  fullName: string;
  email?: string | null;
  phone?: string | null;
  /** omitted: the account cannot sign in with a password */
  password?: string;
  /** the password was chosen by someone else: the user must replace it at sign-in (migrations/0026) */
  passwordChangeRequired?: boolean;
  isRoot?: boolean;
  accountType?: AccountType;
  language?: Language;
  createdBy?: string | null;
}

export async function createUser(
  deps: { db: Db; passwords: PasswordHasher },
  input: CreateUserInput,
): Promise<UserRow> {
  if (await findUserByUsername(deps.db, input.username)) {
    throw new AppError(409, ErrorCodes.conflict, `The user name ${input.username} is taken`, [
      { field: 'username', code: FieldErrorKeys.invalidValue, message: 'is already taken' },
    ]);
  }
  const createdBy = input.createdBy ?? null;
  const [row] = await deps.db
    .insert(users)
    .values({
      tenantId: input.tenantId,
      username: input.username,
      fullName: input.fullName,
      email: input.email ?? null,
      phone: input.phone ?? null,
      passwordHash: input.password === undefined ? null : await deps.passwords.hash(input.password),
      isRoot: input.isRoot ?? false,
      passwordChangeRequired: input.passwordChangeRequired ?? false,
      // The level follows from the tenant (also a CHECK in the table): no way to get it wrong.
      userLevel: input.tenantId === null ? 'SYSTEM' : 'TENANT',
      accountType: input.accountType ?? (input.tenantId === null ? 'INTERNAL' : 'EMPLOYEE'),
      language: input.language ?? 'vi',
      createdBy,
      lastModifiedBy: createdBy,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}
