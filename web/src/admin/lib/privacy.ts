// The privacy requests of a person, by e-mail address (administrators only):
// what the site holds about them, its export as JSON, and its erasure. The
// server records each in the audit log.
import type { Erasure, PersonalData } from '@/lib/api-types';
import { adminData, adminRequest } from './admin-api';
import { saveFile } from './download';
import { csvFilename } from './leads';

const privacyURL = '/api/admin/privacy';

export function findPersonalData(email: string): Promise<PersonalData> {
  return adminData<PersonalData>('GET', `${privacyURL}?${new URLSearchParams({ email })}`);
}

/** Downloads what is held about the address as a JSON file; answers the file's name. */
export async function exportPersonalData(email: string): Promise<string> {
  const res = await adminRequest('POST', `${privacyURL}/export`, { body: { email } });
  const name = csvFilename(res.headers.get('Content-Disposition'), new Date()).replace(/^leads-(.*)\.csv$/, 'personal-data-$1.json');
  const body = (await res.json()) as { data: PersonalData };
  saveFile(new Blob([JSON.stringify(body.data, null, 2)], { type: 'application/json' }), name);
  return name;
}

export function erasePersonalData(email: string): Promise<Erasure> {
  return adminData<Erasure>('POST', `${privacyURL}/erase`, { body: { email } });
}
