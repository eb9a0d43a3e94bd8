import { Mail } from 'lucide-react';
import { useAdminList } from '../lib/resources';
import type { ContactSubmission } from '../lib/types';
import { ListState, RecordList, TabCard } from '../tab-parts';
import { Badge } from '../ui/badge';

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function ContactsTab() {
  const list = useAdminList<ContactSubmission>('contact-submissions', 'Failed to fetch contact submissions');
  const items = list.data ?? [];
  return (
    <TabCard title="Contact Submissions" description="Requests for a consultation, newest first.">
      <ListState isLoading={list.isLoading} error={list.error} isEmpty={items.length === 0} loadingText="Loading contact submissions..." emptyText="No contact submissions yet.">
        <RecordList>
          {items.map((c) => (
            <li key={c.id} aria-label={`${c.firstName} ${c.lastName}`} className="grid gap-2 py-4 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium text-slate-900">
                  {c.firstName} {c.lastName}
                  <span className="font-normal text-slate-500"> · {c.company}</span>
                </p>
                <time dateTime={c.createdAt} className="text-xs text-slate-500">
                  {formatDate(c.createdAt)}
                </time>
              </div>
              <a href={`mailto:${c.email}`} className="inline-flex w-fit items-center gap-1.5 text-sm text-blue-700 hover:underline">
                <Mail className="size-4" aria-hidden="true" />
                {c.email}
              </a>
              <p className="flex flex-wrap gap-1.5">
                {c.jobTitle && <Badge>{c.jobTitle}</Badge>}
                {c.aiSolutionInterest && <Badge variant="info">{c.aiSolutionInterest}</Badge>}
              </p>
              {c.projectDetails && <p className="text-sm whitespace-pre-line text-slate-700">{c.projectDetails}</p>}
            </li>
          ))}
        </RecordList>
      </ListState>
    </TabCard>
  );
}
