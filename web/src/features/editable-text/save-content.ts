import { apiRequest } from '@/lib/api-client';
import { readAdminToken } from './edit-mode';

/** Saves one editable text (POST /api/admin/content upserts by section and key); rejects with an ApiError. */
export async function saveContent(section: string, key: string, value: string): Promise<void> {
  await apiRequest('POST', '/api/admin/content', { body: { section, key, value }, token: readAdminToken() });
}
