import { ExternalLink, FileText, Pencil, RefreshCw, Users } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { cn } from '@/lib/cn';
import { useAdminList } from '../lib/resources';
import type { ContactSubmission, ContentItem } from '../lib/types';
import { useEditMode } from '../lib/use-edit-mode';
import { AdminButton } from '../ui/admin-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';

function Stat({ label, value, icon, tone }: { label: string; value: React.ReactNode; icon: React.ReactNode; tone: string }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 py-5">
        <span className={cn('flex size-11 items-center justify-center rounded-lg [&_svg]:size-5', tone)} aria-hidden="true">
          {icon}
        </span>
        <div>
          <p className="text-sm text-slate-500">{label}</p>
          <p className="text-2xl font-semibold text-slate-900">{value}</p>
        </div>
      </CardContent>
    </Card>
  );
}

export function OverviewTab() {
  const contacts = useAdminList<ContactSubmission>('contact-submissions', 'Failed to fetch contact submissions');
  const content = useAdminList<ContentItem>('content', 'Failed to fetch website content');
  const { editMode, toggleEditMode } = useEditMode();
  const client = useQueryClient();
  const count = (q: { data?: unknown[]; isLoading: boolean; isError: boolean }) => (q.isLoading ? '…' : q.isError ? '—' : (q.data?.length ?? 0));

  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat label="Contact submissions" value={count(contacts)} icon={<Users />} tone="bg-blue-50 text-blue-700" />
        <Stat label="Content items" value={count(content)} icon={<FileText />} tone="bg-violet-50 text-violet-700" />
        <Stat
          label="Edit mode"
          value={editMode ? 'On' : 'Off'}
          icon={<Pencil />}
          tone={editMode ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600'}
        />
      </div>
      <Card>
        <CardHeader>
          <div>
            <CardTitle>Quick Actions</CardTitle>
            <CardDescription>Common tasks in one click.</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <AdminButton variant={editMode ? 'outline' : 'success'} onClick={toggleEditMode}>
            <Pencil aria-hidden="true" />
            {editMode ? 'Disable Edit Mode' : 'Enable Edit Mode'}
          </AdminButton>
          <AdminButton variant="outline" asChild>
            <a href="/" target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              Open Website
            </a>
          </AdminButton>
          <AdminButton variant="outline" onClick={() => void client.invalidateQueries()}>
            <RefreshCw aria-hidden="true" />
            Refresh Data
          </AdminButton>
        </CardContent>
      </Card>
    </div>
  );
}
