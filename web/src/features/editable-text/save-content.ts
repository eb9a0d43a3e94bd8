import { readAdminToken } from './edit-mode';

/** Saves one editable text (POST /api/admin/content upserts by section and key). */
export async function saveContent(section: string, key: string, value: string): Promise<void> {
  const token = readAdminToken();
  let res: Response;
  try {
    res = await fetch('/api/admin/content', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ section, key, value }),
    });
  } catch {
    throw new Error('Failed to update content');
  }
  if (!res.ok) throw new Error('Failed to update content');
}
