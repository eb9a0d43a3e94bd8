import { useState } from 'react';
import { CalendarClock } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast-store';
import { isApiError } from '@/lib/api-client';
import type { Page } from '@/lib/api-types';
import { formatDate, toLocalInput } from '@/lib/dates';
import { localZone } from '@/lib/time-zones';
import { resourceURL, updateRecord } from '../lib/resources';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { IconButton } from '@/components/ui/icon-button';

/** Published with a time to come: visitors get it from then on. */
export function isScheduled(p: Pick<Page, 'status' | 'publishedAt'>, now = Date.now()): boolean {
  return p.status === 'published' && !!p.publishedAt && Date.parse(p.publishedAt) > now;
}

/** The row's Schedule button of a page not live yet (a draft, or one scheduled), and its dialog. */
export function SchedulePageButton({ page }: { page: Page }) {
  const [open, setOpen] = useState(false);
  if (page.status === 'published' && !isScheduled(page)) return null;
  return (
    <>
      <IconButton icon={CalendarClock} tip="Schedule" label={`Schedule ${page.title}`} onClick={() => setOpen(true)} />
      {open && <ScheduleDialog page={page} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Tomorrow at nine in the reader's time zone: where a new schedule starts. */
function tomorrowMorning(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9);
  return toLocalInput(d.toISOString());
}

/**
 * Publishes the page at a time to come, in the reader's time zone, which the
 * dialog names: until then visitors do not see it, and its row says when.
 */
function ScheduleDialog({ page, onClose }: { page: Page; onClose: () => void }) {
  const client = useQueryClient();
  const [at, setAt] = useState(() => (isScheduled(page) ? toLocalInput(page.publishedAt) : tomorrowMorning()).slice(0, 16));
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const zone = localZone();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (pending) return;
    const when = new Date(at);
    if (at === '' || Number.isNaN(when.getTime())) return setError('Choose the day and time the page goes live.');
    if (when.getTime() <= Date.now()) return setError('Choose a time to come, or use Publish to publish the page now.');
    setError('');
    setPending(true);
    try {
      await updateRecord<Page>('pages', page.id, { ...page, status: 'published', publishedAt: when.toISOString() }, page.version);
      toast({ title: 'Page scheduled', description: `${page.title} goes live ${formatDate(when.toISOString())}.` });
      onClose();
    } catch (err) {
      setError(isApiError(err) ? err.message : 'The page could not be scheduled. Try again.');
    } finally {
      setPending(false);
      void client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(resourceURL('pages')) });
    }
  }

  return (
    <FormDialog
      title={`Schedule ${page.title}`}
      description="The page goes live at this time; until then visitors do not see it. Staff can open it as a preview."
      onSubmit={submit}
      onClose={onClose}
      submitLabel={pending ? 'Scheduling...' : 'Schedule'}
      pending={pending}
    >
      <FormField id="schedule-at" label="Publish on" error={error} hint={`In your time zone: ${zone}.`}>
        <Input id="schedule-at" type="datetime-local" step={60} value={at} onChange={(e) => setAt(e.target.value)} />
      </FormField>
    </FormDialog>
  );
}
