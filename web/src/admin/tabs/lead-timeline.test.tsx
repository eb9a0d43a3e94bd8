import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lead, LeadActivity } from '@/lib/api-types';
import { leadTimeline } from '../lib/lead-activity';
import { readDraft } from '../lib/timeline';
import { LeadDetail } from './lead-detail';
import { Timeline } from './timeline';
import { type ApiCall, fakeFetch, withQueries } from '@/test/fake-api';

const minute = 60_000;

function entry(over: Partial<LeadActivity> = {}): LeadActivity {
  const at = new Date(Date.now() - 2 * minute).toISOString();
  return { id: 1, leadId: 7, kind: 'note', userId: 3, username: 'maria', text: 'Asked for a demo', from: '', to: '', createdAt: at, updatedAt: at, ...over };
}

const lead: Lead = {
  id: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  company: 'Engines',
  jobTitle: 'cto',
  aiSolutionInterest: 'nlp',
  jobTitleLabel: 'CTO / Technology Leader',
  aiSolutionInterestLabel: 'Natural Language Processing',
  projectDetails: '',
  createdAt: '2026-11-01T10:00:00Z',
  page: '/',
  referrer: '',
  utmSource: '',
  utmMedium: '',
  utmCampaign: '',
  utmTerm: '',
  utmContent: '',
  landingPage: '/blog/agents',
  pagesRead: ['/blog/agents', '/pricing'],
  status: 'new',
  notes: '',
  spam: false,
  spamReason: '',
  updatedAt: '2026-11-01T10:00:00Z',
  consentText: '',
  consentVersion: '',
  ownerId: null,
  ownerName: '',
  dueAt: null,
  firstResponseAt: null,
  overdue: false,
  deliveries: [],
  activity: [entry()],
};

/** The API as the lead dialog meets it: the lead, the signed-in user, and writes answered by write. */
function fakeAPI(write: (call: ApiCall) => Response | Promise<Response>) {
  return fakeFetch((call) => {
    if (call.method !== 'GET') return write(call);
    if (call.url.endsWith('/api/admin/me')) {
      return Response.json({ data: { id: 3, username: 'maria', role: 'sales', isAdmin: false, email: '', emailVerified: false } });
    }
    if (call.url.endsWith('/api/admin/lead-owners')) return Response.json({ data: [{ id: 3, username: 'maria', takesLeads: true }] });
    return Response.json({ data: lead });
  });
}

function renderTimeline(props: Partial<React.ComponentProps<typeof Timeline<LeadActivity>>> = {}) {
  const onActivity = vi.fn<(next: LeadActivity[]) => void>();
  const onDirtyChange = vi.fn<(dirty: boolean) => void>();
  const utils = render(
    withQueries(
      <Timeline
        spec={leadTimeline(7)}
        activity={[entry()]}
        onActivity={onActivity}
        mayWrite
        mayDelete={false}
        userId={3}
        onDirtyChange={onDirtyChange}
        {...props}
      />,
    ),
  );
  return { ...utils, onActivity, onDirtyChange };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('Timeline of a lead', () => {
  it('keeps the draft in the browser as it is typed, and finds it again after a reload', () => {
    fakeAPI(() => new Response(null, { status: 500 }));
    const first = renderTimeline();
    fireEvent.click(screen.getByRole('radio', { name: 'Call' }));
    fireEvent.change(screen.getByLabelText('Log a call'), { target: { value: 'Called, left a message' } });
    expect(readDraft(leadTimeline(7))).toEqual({ kind: 'call', text: 'Called, left a message' });
    expect(first.onDirtyChange).toHaveBeenLastCalledWith(true);
    first.unmount();

    renderTimeline();
    expect((screen.getByLabelText('Log a call') as HTMLTextAreaElement).value).toBe('Called, left a message');
    expect((screen.getByRole('radio', { name: 'Call' }) as HTMLInputElement).checked).toBe(true);
    // Another lead has its own draft.
    expect(readDraft(leadTimeline(8))).toBeNull();
  });

  it('saves the entry, shows it first and clears the draft; a failed save keeps the text', async () => {
    let fail = true;
    const saved = entry({ id: 2, kind: 'note', text: 'Budget approved', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
    const calls = fakeAPI(() => (fail ? Promise.reject(new TypeError('Failed to fetch')) : Response.json({ data: saved }, { status: 201 })));
    const existing = entry();
    const { onActivity } = renderTimeline({ activity: [existing] });
    const box = screen.getByLabelText('Add note') as HTMLTextAreaElement;

    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Write what happened before saving.');

    fireEvent.change(box, { target: { value: '  Budget approved ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your text is still here');
    expect(box.value).toBe('  Budget approved ');
    expect(readDraft(leadTimeline(7))?.text).toBe('  Budget approved ');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(onActivity).toHaveBeenCalledWith([saved, existing]));
    expect(box.value).toBe('');
    expect(readDraft(leadTimeline(7))).toBeNull();
    const post = calls.filter((c) => c.method === 'POST');
    expect(post.at(-1)).toMatchObject({ method: 'POST', url: '/api/admin/contact-submissions/7/activity', body: { kind: 'note', text: '  Budget approved ' } });
  });

  it('offers Edit on own entries within 15 minutes only, and Delete to administrators', () => {
    fakeAPI(() => new Response(null, { status: 500 }));
    const old = new Date(Date.now() - 16 * minute).toISOString();
    renderTimeline({
      activity: [
        entry({ id: 3, text: 'Mine, new' }),
        entry({ id: 2, text: 'Mine, old', createdAt: old, updatedAt: old }),
        entry({ id: 1, userId: 4, username: 'tom', text: 'Not mine' }),
        entry({ id: 4, kind: 'status', text: '', from: 'new', to: 'contacted' }),
      ],
    });
    const list = screen.getByRole('list', { name: 'Activity, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]).queryByRole('button', { name: /^Edit/ })).toBeTruthy();
    expect(within(items[1]).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(items[2]).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(items[3]).getByText('Changed the status from New to Contacted')).toBeTruthy();
    expect(within(items[3]).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    // The exact time is in the title of the relative one.
    const time = items[0].querySelector('time')!;
    expect(time.textContent).toBe('2 minutes ago');
    expect(time.getAttribute('title')).toBeTruthy();
  });

  it('deletes an entry after a confirmation', async () => {
    const calls = fakeAPI(() => Response.json({ success: true }));
    const { onActivity } = renderTimeline({ mayDelete: true, mayWrite: false });
    expect(screen.queryByLabelText('Add note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Delete/ }));
    const ask = screen.getByRole('alertdialog', { name: 'Delete this entry?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onActivity).toHaveBeenCalledWith([]));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/contact-submissions/7/activity/1']);
  });
});

describe('Timeline of a lead with meetings', () => {
  it("tells of the visitor's booking, move and cancellation, with the owner and the times, and offers no edit", () => {
    fakeAPI(() => new Response(null, { status: 500 }));
    const site = { userId: null, username: '' };
    const at = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    renderTimeline({
      mayDelete: false,
      activity: [
        entry({ id: 13, kind: 'meeting_cancelled', ...site, text: 'sam', from: '2026-03-03T11:00:00Z', to: '' }),
        entry({ id: 12, kind: 'meeting_moved', ...site, text: 'sam', from: '2026-03-02T09:00:00Z', to: '2026-03-03T11:00:00Z' }),
        entry({ id: 11, kind: 'meeting', ...site, text: 'sam', from: '', to: '2026-03-02T09:00:00Z' }),
      ],
    });
    const items = within(screen.getByRole('list', { name: 'Activity, newest first' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining(`The visitorMeeting cancelled`),
      expect.stringContaining(`The visitorMeeting moved`),
      expect.stringContaining(`The visitorMeeting booked`),
    ]);
    expect(items[0].textContent).toContain(`Cancelled the consultation with sam on ${at('2026-03-03T11:00:00Z')}`);
    expect(items[1].textContent).toContain(`Moved the consultation with sam to ${at('2026-03-03T11:00:00Z')} (was ${at('2026-03-02T09:00:00Z')})`);
    expect(items[2].textContent).toContain(`Booked a consultation with sam for ${at('2026-03-02T09:00:00Z')}`);
    // The owner's name is the entry's text, said once in its summary.
    expect(within(items[2]).getAllByText(/sam/)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });
});

describe('LeadDetail', () => {
  it('asks before closing with an unsaved note: Keep editing keeps it, Discard clears it', async () => {
    fakeAPI(() => new Response(null, { status: 500 }));
    const onClose = vi.fn();
    render(withQueries(<LeadDetail leadId={7} leads={[lead]} onClose={onClose} onCloseAutoFocus={() => {}} />));
    const dialog = await screen.findByRole('dialog', { name: /Ada Lovelace/ });
    // The labels the visitor saw, beside the codes; where the visit came from.
    expect(within(dialog).getByText('CTO / Technology Leader')).toBeTruthy();
    expect(within(dialog).getByText('(nlp)')).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Pages read, first read first' }).textContent).toBe('/blog/agents/pricing');

    const box = (await within(dialog).findByLabelText('Add note')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Half a thought' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard this note?' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(box.value).toBe('Half a thought');
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(document.activeElement).toBe(box);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(readDraft(leadTimeline(7))).toBeNull();
  });

  it('closes at once when nothing is typed', async () => {
    fakeAPI(() => new Response(null, { status: 500 }));
    const onClose = vi.fn();
    render(withQueries(<LeadDetail leadId={7} leads={[lead]} onClose={onClose} onCloseAutoFocus={() => {}} />));
    const dialog = await screen.findByRole('dialog', { name: /Ada Lovelace/ });
    await within(dialog).findByLabelText('Add note');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
