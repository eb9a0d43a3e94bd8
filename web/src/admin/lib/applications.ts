import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRightLeft, StickyNote } from 'lucide-react';
import type { Application, ApplicationActivity, ApplicationActivityKind, ApplicationStatus, CareersSettings } from '@/lib/api-types';
import { adminData, adminRequest, loadData } from './admin-api';
import { applicationActivityKinds } from './admin-contracts';
import { saveFile } from './download';
import type { TimelineSpec } from './timeline';

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

const oneKey = (id: number) => [applicationsURL, 'one', id];

/** One application with its timeline, loaded while enabled; a change of status loads it afresh. */
export function useApplication(id: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: oneKey(id),
    queryFn: () => loadData<Application>(`${applicationsURL}/${id}`, 'Failed to fetch the application'),
  });
}

/** Puts the timeline an entry's write left into the loaded application. */
export function useSetApplicationActivity(id: number) {
  const client = useQueryClient();
  return (activity: ApplicationActivity[]) => client.setQueryData<Application>(oneKey(id), (a) => (a ? { ...a, activity } : a));
}

const kindLabels: Record<ApplicationActivityKind, string> = { note: 'Note', status: 'Status' };
const kindIcons: Record<ApplicationActivityKind, typeof StickyNote> = { note: StickyNote, status: ArrowRightLeft };

/** What an entry says in words: the change of status, or that a note was added (its text says the rest). */
function activitySummary(a: ApplicationActivity): string {
  const label = (s: string) => applicationStatusLabels[s as ApplicationStatus] ?? s;
  return a.kind === 'status' ? `Changed the status from ${label(a.from)} to ${label(a.to)}` : 'Added a note';
}

/** The timeline of application id: recruiters' notes and the changes of its status. */
export function applicationTimeline(id: number): TimelineSpec<ApplicationActivity> {
  return {
    key: 'application-activity',
    recordId: id,
    url: `${applicationsURL}/${id}/activity`,
    kinds: applicationActivityKinds.map((k) => ({ ...k, prompt: 'Add note' })),
    labels: kindLabels,
    icons: kindIcons,
    summary: activitySummary,
    author: (a) => a.username || 'The site',
    showsText: () => true,
    noun: 'application',
    placeholder: 'Impressions, questions, what was agreed. Only staff see this.',
    emptyText: 'Nothing yet. Notes and status changes show here.',
  };
}

/** Moves an application to another status; its timeline records it. */
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
