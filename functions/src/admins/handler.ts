import { InsertAdminInput, MESSAGES, PageQuery } from '@gia/shared';
import { caller, created, createGroupHandler, ok } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';
import { createAdmin, getAdmins, removeAdmin } from './service.ts';

/** Admin accounts: the "Add New Admin" screen (docs/api.md §3). */
export const handler = createGroupHandler('admins', {
  'admin.getAdmins': async (req) => {
    const { limit, cursor } = parse(PageQuery, req.query);
    const page = await getAdmins(limit, cursor);
    return ok(MESSAGES.adminsLoaded, page.items, { next_cursor: page.nextCursor });
  },
  'admin.insertAdmin': async (req) =>
    created(MESSAGES.adminCreated, await createAdmin(parse(InsertAdminInput, req.body))),
  'admin.deleteAdmin': async (req) => {
    await removeAdmin(caller(req).userId, req.params.admin_id ?? '');
    return ok(MESSAGES.adminDeleted);
  },
});
