import { BASES } from '@gia/shared/routes.ts';
import { api } from '../../lib/api-client.ts';

export const ADMIN_BASE = `${BASES.admin}/data`;

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
