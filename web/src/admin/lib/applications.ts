import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Application, ApplicationStatus, CareersSettings } from '@/lib/api-types';
import { adminData, adminRequest, loadData } from './admin-api';
import { saveFile } from './download';

// The applications to the positions (docs/API.md, "Careers").

const applicationsURL = '/api/admin/applications';

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  new: 'New',
  screening: 'Screening',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
};

export type ApplicationFilter = { positionId: number | null; status: ApplicationStatus | '' };

function listURL(f: ApplicationFilter, base = applicationsURL): string {
  const q = new URLSearchParams();
  if (f.positionId) q.set('positionId', String(f.positionId));
  if (f.status) q.set('status', f.status);
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

/** Downloads the applications of the filter as CSV (without the CVs); answers the file's name. */
export async function downloadApplicationsCSV(f: ApplicationFilter): Promise<string> {
  const res = await adminRequest('GET', listURL(f, `${applicationsURL}/export.csv`));
  const name = `applications-${new Date().toISOString().slice(0, 10)}.csv`;
  saveFile(await res.blob(), name);
  return name;
}

/** The applications of the filter, newest first. */
export function useApplications(f: ApplicationFilter) {
  return useQuery({
    queryKey: [applicationsURL, f],
    queryFn: () => loadData<Application[]>(listURL(f), 'Failed to fetch applications'),
  });
}

/** Moves an application to another status. */
export function useSetApplicationStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ApplicationStatus }) => adminData<Application>('PUT', `${applicationsURL}/${id}`, { body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [applicationsURL] }),
  });
}

/** Downloads an application's CV, under the name it was sent with; answers the name. */
export async function downloadCV(a: Application): Promise<string> {
  const res = await adminRequest('GET', `${applicationsURL}/${a.id}/cv`);
  saveFile(await res.blob(), a.cvName);
  return a.cvName;
}

const settingsURL = '/api/admin/careers-settings';

/** How long the applications are kept. */
export function useCareersSettings() {
  return useQuery({ queryKey: [settingsURL], queryFn: () => loadData<CareersSettings>(settingsURL, 'Failed to fetch the careers settings') });
}

export function useSaveCareersSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (st: CareersSettings) => adminData<CareersSettings>('PUT', settingsURL, { body: st }),
    onSuccess: (st) => client.setQueryData([settingsURL], st),
  });
}
