import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Application, ApplicationActivity } from '@/lib/api-types';
import { applicationTimeline } from '../lib/applications';
import { readDraft } from '../lib/timeline';
import { ApplicationsTab } from './applications-tab';
import { type ApiCall, fakeFetch, renderWithQueries } from '@/test/fake-api';

const minute = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * minute).toISOString();

const application: Application = {
  id: 5,
  positionId: 1,
  positionTitle: 'Data Scientist',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '',
  url: '',
  coverNote: 'I would love to.',
  cvName: 'ada-cv.pdf',
  cvType: 'application/pdf',
  cvSize: 193,
  consentText: 'I agree.',
  status: 'screening',
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
};

function entry(over: Partial<ApplicationActivity>): ApplicationActivity {
  const at = ago(3 * 60);
  return { id: 1, applicationId: 5, kind: 'note', userId: 4, username: 'rob', text: '', from: '', to: '', createdAt: at, updatedAt: at, ...over };
}

const timeline = [
  entry({ id: 2, kind: 'status', username: 'rita', userId: 3, from: 'new', to: 'screening', createdAt: ago(5), updatedAt: ago(5) }),
  entry({ id: 1, text: 'Strong portfolio; ask about notice period.' }),
];

/** The API as the tab meets it: the signed-in recruiter, the list, the application with its timeline; writes answered by write. */
function fakeAPI(write: (call: ApiCall) => Response | Promise<Response>) {
  return fakeFetch((call) => {
    const { url } = call;
    if (call.method !== 'GET') return write(call);
    if (url.endsWith('/api/admin/me')) {
      return Response.json({ data: { id: 3, username: 'rita', role: 'recruiter', isAdmin: false, email: '', emailVerified: false } });
    }
    if (url.endsWith('/api/admin/applications/5')) return Response.json({ data: { ...application, activity: timeline } });
    if (url.startsWith('/api/admin/applications')) return Response.json({ data: [application] });
    if (url.startsWith('/api/admin/careers-settings')) return Response.json({ data: { retentionMonths: 0 } });
    return Response.json({ data: [] });
  });
}

function renderTab() {
  return renderWithQueries(<ApplicationsTab />);
}

async function openTimeline() {
  const row = await screen.findByRole('listitem', { name: 'Ada Lovelace' });
  fireEvent.click(within(row).getByRole('button', { name: 'Notes and history' }));
  return { row, panel: await within(row).findByRole('region', { name: 'Notes and history of Ada Lovelace' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ApplicationsTab timeline', () => {
  it('shows the notes and status changes newest first, with who and when', async () => {
    fakeAPI(() => new Response(null, { status: 500 }));
    renderTab();
    const { panel } = await openTimeline();
    const items = within(await within(panel).findByRole('list', { name: 'Activity, newest first' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('rita');
    expect(items[0].textContent).toContain('Changed the status from New to Screening');
    expect(items[0].querySelector('time')?.textContent).toBe('5 minutes ago');
    expect(items[1].textContent).toContain('rob');
    expect(items[1].textContent).toContain('Strong portfolio; ask about notice period.');
    expect(items[1].querySelector('time')?.textContent).toBe('3 hours ago');
    // One kind only: no choice of kind, and nobody else's entry to edit.
    expect(within(panel).queryByRole('radio')).toBeNull();
    expect(within(panel).queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('checks a note before sending it, saves it first in the list, and keeps the text when the server refuses it', async () => {
    let answer: Response = Response.json({ message: 'Application not found.' }, { status: 404 });
    const saved = entry({ id: 3, userId: 3, username: 'rita', text: 'Invite to interview', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
    const calls = fakeAPI(() => answer);
    renderTab();
    const { panel } = await openTimeline();
    const box = (await within(panel).findByLabelText('Add note')) as HTMLTextAreaElement;
    const save = await within(panel).findByRole('button', { name: 'Save note' });

    fireEvent.click(save);
    expect((await within(panel).findByRole('alert')).textContent).toBe('Write what happened before saving.');
    fireEvent.change(box, { target: { value: 'x'.repeat(5001) } });
    fireEvent.click(save);
    expect((await within(panel).findByRole('alert')).textContent).toBe('The text must be at most 5000 characters.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'Invite to interview' } });
    fireEvent.click(save);
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toContain('Application not found.'));
    expect(box.value).toBe('Invite to interview');

    answer = Response.json({ data: saved }, { status: 201 });
    fireEvent.click(save);
    await waitFor(() => expect(box.value).toBe(''));
    const items = within(within(panel).getByRole('list', { name: 'Activity, newest first' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0].textContent).toContain('Invite to interview');
    // Her own note, just written: she may still edit it.
    expect(within(items[0]).getByRole('button', { name: /^Edit/ })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/admin/applications/5/activity',
      body: { kind: 'note', text: 'Invite to interview' },
    });
    expect(readDraft(applicationTimeline(5))).toBeNull();
  });

  it('keeps a note being typed when the timeline closes, and gives it back when it opens again', async () => {
    fakeAPI(() => new Response(null, { status: 500 }));
    const first = renderTab();
    let { row, panel } = await openTimeline();
    fireEvent.change(await within(panel).findByLabelText('Add note'), { target: { value: 'Half a thought' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Notes and history' }));
    expect(within(row).queryByRole('region')).toBeNull();
    expect(within(row).getByText('Unsaved note')).toBeTruthy();

    ({ panel } = await openTimeline());
    expect(await within(panel).findByLabelText('Add note')).toHaveProperty('value', 'Half a thought');

    // A reload too: the row says so before it is opened.
    first.unmount();
    renderTab();
    row = await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    expect(await within(row).findByText('Unsaved note')).toBeTruthy();
    ({ panel } = await openTimeline());
    expect(await within(panel).findByLabelText('Add note')).toHaveProperty('value', 'Half a thought');
  });
});
