import type { AdminAccount, InsertAdminInput } from '@gia/shared';
import { MESSAGES, PASSWORD_RULE_MESSAGE } from '@gia/shared';
import { deleteAdmin, getAdmin, listAdmins, putAdmin } from '../db/accounts.ts';
import { InvalidCursorError, type Page } from '../db/paging.ts';
import {
  createUserWithPassword,
  deleteUser,
  findUser,
  setPermanentPassword,
  signOutEverywhere,
} from '../lib/cognito.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';

/** Admin accounts, oldest first. */
export async function getAdmins(limit: number, cursor?: string): Promise<Page<AdminAccount>> {
  try {
    return await listAdmins(limit, cursor);
  } catch (err) {
    if (err instanceof InvalidCursorError) throw new ValidationError(MESSAGES.invalidCursor);
    throw err;
  }
}

/** Creates an admin in the admin pool and its account record. */
export async function createAdmin(input: InsertAdminInput): Promise<AdminAccount> {
  let adminId: string;
  try {
    adminId = await createUserWithPassword('admin', input.email, input.password, input.name);
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'UsernameExistsException') {
      throw new ConflictError(MESSAGES.adminEmailTaken);
    }
    if (name === 'InvalidPasswordException') throw new ValidationError(PASSWORD_RULE_MESSAGE);
    throw err;
  }
  const admin = {
    admin_id: adminId,
    name: input.name,
    email: input.email,
    created_at: new Date().toISOString(),
  };
  try {
    await putAdmin(admin);
  } catch (err) {
    await deleteUser('admin', input.email);
    throw err;
  }
  return admin;
}

/**
 * Removes another admin's account; an admin cannot remove their own. The account record goes
 * first: every admin route reads it in its session check, so the removed admin's tokens stop
 * working at once. Then the admin is signed out everywhere and the Cognito user deleted.
 */
export async function removeAdmin(callerId: string, adminId: string): Promise<void> {
  if (callerId === adminId) throw new ConflictError(MESSAGES.adminSelfDelete);
  const admin = await getAdmin(adminId);
  if (!admin) throw new NotFoundError(MESSAGES.adminNotFound);
  await deleteAdmin(adminId);
  await signOutEverywhere('admin', admin.email);
  await deleteUser('admin', admin.email).catch((err: Error) => {
    if (err.name !== 'UserNotFoundException') throw err;
  });
}

/**
 * Makes sure an admin with this e-mail exists and signs in with this password (the local stack
 * and `npm run create-admin` use it). Returns the account.
 */
export async function ensureAdmin(input: InsertAdminInput): Promise<AdminAccount> {
  const existing = await findUser('admin', input.email);
  if (!existing) return createAdmin(input);
  await setPermanentPassword('admin', input.email, input.password);
  const record = await getAdmin(existing.sub);
  if (record) return record;
  const admin = {
    admin_id: existing.sub,
    name: existing.name || input.name,
    email: input.email,
    created_at: new Date().toISOString(),
  };
  await putAdmin(admin);
  return admin;
}
