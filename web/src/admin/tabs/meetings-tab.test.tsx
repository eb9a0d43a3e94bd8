import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Meeting } from '@/lib/api-types';
import { meetingLength, wasMoved } from '../lib/meetings';
import { MeetingsTab } from './meetings-tab';
import { CalendarFeedCard } from './calendar-feed-card';
import { renderWithQueries } from '@/test/fake-api';

function meeting(over: Partial<Meeting> = {}): Meeting {
  return {
    id: 1,
    leadId: 7,
    leadName: 'Ada Lovelace',
    leadCompany: 'Engines',
    ownerId: 3,
    ownerName: 'sam',
    start: '2026-03-02T09:00:00Z',
    end: '2026-03-02T09:30:00Z',
    timeZone: 'Europe/Berlin',
    status: 'booked',
    sequence: 0,
    createdAt: '2026-03-01T12:00:00Z',
    ...over,
  };
}

/** The API as the tab meets it: each GET answers what answer gives for its URL. */
function fakeAPI(answer: (url: string, method: string) => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      urls.push(`${init?.method ?? 'GET'} ${url}`);
      return answer(url, init?.method ?? 'GET');
    }),
  );
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('meetings', () => {
  it('says how long a meeting lasts and whether the visitor moved it', () => {
    expect(meetingLength(meeting())).toBe('30 min');
    expect(meetingLength(meeting({ end: '2026-03-02T10:30:00Z' }))).toBe('1 h 30 min');
    expect(meetingLength(meeting({ end: '2026-03-02T10:00:00Z' }))).toBe('1 h');
    expect(wasMoved(meeting())).toBe(false);
    expect(wasMoved(meeting({ sequence: 1 }))).toBe(true);
    // A cancellation counts too: once cancelled, only a sequence above 1 was a move.
    expect(wasMoved(meeting({ status: 'cancelled', sequence: 1 }))).toBe(false);
    expect(wasMoved(meeting({ status: 'cancelled', sequence: 2 }))).toBe(true);
  });
});

describe('MeetingsTab', () => {
  it('lists the upcoming meetings of everyone first, each opening its lead, and asks for the others', async () => {
    const urls = fakeAPI((url) =>
      Response.json({ data: url.includes('when=upcoming') ? [meeting(), meeting({ id: 2, leadId: 8, leadName: 'Bob Byte', leadCompany: '', sequence: 1 })] : [] }),
    );
    const onOpenLead = vi.fn();
    renderWithQueries(<MeetingsTab onOpenLead={onOpenLead} onOpenTab={vi.fn()} />);
    const list = await screen.findByRole('list', { name: 'Meetings' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(urls[0]).toBe('GET /api/admin/meetings?when=upcoming');
    const ada = rows[0];
    expect(ada.textContent).toContain('Engines');
    expect(ada.textContent).toContain('sam');
    expect(ada.textContent).toContain('30 min');
    expect(within(ada).getByText('Booked')).toBeTruthy();
    expect(within(ada).queryByText('Moved')).toBeNull();
    expect(within(rows[1]).getByText('Moved')).toBeTruthy();
    const link = within(ada).getByRole('link', { name: 'Ada Lovelace' });
    expect(link.getAttribute('href')).toBe('/admin?tab=contacts&lead=7');
    fireEvent.click(link);
    expect(onOpenLead).toHaveBeenCalledWith(7);

    fireEvent.click(screen.getByRole('button', { name: 'Cancelled' }));
    expect(await screen.findByText('No cancelled meetings.')).toBeTruthy();
    expect(urls).toContain('GET /api/admin/meetings?when=cancelled');
  });

  it('says what to do when nothing is booked, and opens the Account tab', async () => {
    fakeAPI(() => Response.json({ data: [] }));
    const onOpenTab = vi.fn();
    renderWithQueries(<MeetingsTab onOpenLead={vi.fn()} onOpenTab={onOpenTab} />);
    expect(await screen.findByText(/Visitors book after sending the form; set your booking hours in Account\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set booking hours' }));
    expect(onOpenTab).toHaveBeenCalledWith('account');
  });
});

describe('CalendarFeedCard', () => {
  it('makes an address, shown once to copy; a new one is asked for first; the feed turns off', async () => {
    let on = false;
    const urls = fakeAPI((_url, method) => {
      if (method === 'POST') {
        on = true;
        return Response.json({ data: { url: 'https://www.example.com/calendar/tok.ics' } }, { status: 201 });
      }
      if (method === 'DELETE') {
        on = false;
        return Response.json({ success: true });
      }
      return Response.json({ data: { enabled: on } });
    });
    renderWithQueries(<CalendarFeedCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make feed address' }));
    expect(((await screen.findByLabelText(/it is shown only once/)) as HTMLInputElement).value).toBe('https://www.example.com/calendar/tok.ics');
    expect(await screen.findByText('On')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New address' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Make a new address?' });
    expect(ask.textContent).toContain('The old address stops working');
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep the old one' }));
    expect(urls.filter((u) => u.startsWith('POST'))).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Turn the calendar feed off?' })).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Off')).toBeTruthy();
    expect(screen.queryByLabelText(/it is shown only once/)).toBeNull();
    expect(urls).toContain('DELETE /api/admin/account/calendar-feed');
  });
});
