import type { AdminAccount } from '@gia/shared';
import { api } from '../../lib/api-client.ts';

export const ADMIN_BASE = '/api/v1/classadmin/data';

export interface ListAnswer<T> {
  message: string;
  data: T[];
  next_cursor: string | null;
}

/** Every page of an admin list (the back office shows whole lists and filters them). */
export async function fetchAll<T>(path: string): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const url = `${ADMIN_BASE}/${path}${sep}limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: ListAnswer<T> = await api<ListAnswer<T>>('GET', url);
    out.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

export const getAdmins = () => fetchAll<AdminAccount>('getAdmins');
export const insertAdmin = (body: { name: string; email: string; password: string }) =>
  api<{ message: string }>('POST', `${ADMIN_BASE}/insertAdmin`, { body });
export const deleteAdmin = (id: string) =>
  api<{ message: string }>('DELETE', `${ADMIN_BASE}/deleteAdmin/${encodeURIComponent(id)}`);
