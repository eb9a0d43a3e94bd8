import { test } from '@playwright/test';
import { expect as baseExpect, showTab, startOwnSite, stopOwnSite, type OwnSite } from './admin-fixtures';
import { queryRows } from './seeded-site';
import { startSMTPReceiver, type SMTPReceiver } from './smtp-receiver';
import { openAroundTheClock } from './booking-hours';

// The free consultation, from the visitor's side: booked on the spot after
// the form, in the visitor's time zone, its invitations mailed to both
// sides, then moved through the link of the visitor's e-mail. The file has a
// site of its own: its sales user takes every new lead.

const expect = baseExpect.configure({ timeout: 15_000 });
const PASSWORD = 'steady-lantern-17';

let own: OwnSite;
let mailbox: SMTPReceiver;

// Open around the clock in New York, with no notice: slots whatever the hour the test runs.
const hours = openAroundTheClock('America/New_York', 'https://meet.example.com/bea');

test.beforeAll(async ({ playwright }) => {
  own = await startOwnSite(playwright);
  mailbox = await startSMTPReceiver();
  const made = await own.api.post('/api/admin/users', { headers: own.auth, data: { username: 'bea', password: PASSWORD, role: 'sales' } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = ((await made.json()) as { data: { id: number } }).data;
  const takes = await own.api.put(`/api/admin/users/${id}`, { headers: own.auth, data: { role: 'sales', status: 'active', takesLeads: true } });
  expect(takes.status(), await takes.text()).toBe(200);
  // Her address counts as verified (the verification link has a test of its own).
  queryRows(own.site.dataDir, `UPDATE users SET email = 'bea@sales.example', email_verified_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ${id}`);
  const bea = await playwright.request.newContext({ baseURL: own.site.baseURL });
  const login = await bea.post('/api/admin/login', { data: { username: 'bea', password: PASSWORD } });
  const { sessionToken } = (await login.json()) as { sessionToken: string };
  const saved = await bea.put('/api/admin/account/availability', { headers: { Authorization: `Bearer ${sessionToken}` }, data: hours });
  expect(saved.status(), await saved.text()).toBe(200);
  await bea.dispose();
  const mail = await own.api.put('/api/admin/mail-settings', {
    headers: own.auth,
    data: { host: '127.0.0.1', port: mailbox.port, from: 'site@example.com', tls: 'none', force: true },
  });
  expect(mail.status(), await mail.text()).toBe(200);
});

test.afterAll(async () => {
  await stopOwnSite(own);
  await mailbox.close();
});

/** The mails received for an address, as their raw text with soft line breaks joined. */
function mailsTo(address: string): string[] {
  return mailbox.mails.filter((m) => m.to.includes(address)).map((m) => m.data.replace(/=\r?\n/g, ''));
}

/** The calendar part of a mail, decoded. */
function calendarOf(mail: string): string {
  const part = /Content-Type: text\/calendar[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)\r?\n--/.exec(mail);
  if (!part) return '';
  const body = part[1];
  return /Content-Transfer-Encoding: base64/i.test(mail.slice(mail.indexOf('text/calendar'), mail.indexOf('text/calendar') + 300))
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : body;
}

/** An RFC 3339 time as an ICS UTC time: 20261201T150000Z. */
const icsTime = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

test('a visitor in Tokyo books the consultation after the form, both sides get the invitation, and the e-mail link moves it', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: own.site.baseURL, timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto('/ai-journey');
  await expect(page.getByRole('button', { name: 'Book a free consultation' })).toBeEnabled();
  await page.getByLabel('First Name').fill('Kenji');
  await page.getByLabel('Last Name').fill('Sato');
  await page.getByLabel('Business Email').fill('kenji@visitor.example');
  await page.getByLabel('Company Name').fill('Sato Logistics');
  await page.getByRole('checkbox', { name: /^I agree/ }).check();
  // A person takes more than a few seconds to fill a form.
  await page.clock.fastForward(5_000);
  await page.getByRole('button', { name: 'Book a free consultation' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

  // The open times show in the visitor's own zone, which they may change.
  const panel = page.getByRole('region', { name: 'Book your free 30-minute consultation now' });
  await expect(panel.getByLabel('Your time zone')).toHaveValue('Asia/Tokyo');
  await panel.getByLabel('Your time zone').selectOption('Europe/Lisbon');
  const days = panel.getByRole('group', { name: 'Day' }).getByRole('radio');
  await expect(days.first()).toBeChecked();
  await days.nth(1).check({ force: true });
  const times = panel.getByRole('group', { name: /^Time on / }).getByRole('radio');
  // Open around the clock in New York: a whole day of half hours on a day in Lisbon.
  await expect(times).toHaveCount(48);
  await times.nth(20).check({ force: true });
  const booked = page.waitForResponse((r) => r.url().endsWith('/api/public/bookings'));
  await panel.getByRole('button', { name: 'Book this time' }).click();
  const answer = (await (await booked).json()) as { data: { start: string; end: string; manageUrl: string } };
  // 20 half hours after midnight in Lisbon is 10:00 there.
  expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Lisbon', hour: '2-digit', minute: '2-digit' }).format(new Date(answer.data.start))).toBe('10:00');
  const done = page.getByRole('region', { name: 'Your consultation is booked' });
  await expect(done).toContainText('(Europe/Lisbon), with bea.');
  await expect(done.getByRole('link', { name: 'Change or cancel the meeting' })).toHaveAttribute('href', answer.data.manageUrl);

  // Both sides get the invitation: a calendar request at the time booked, in UTC.
  await expect.poll(() => mailsTo('kenji@visitor.example').filter((m) => m.includes('text/calendar')).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => mailsTo('bea@sales.example').filter((m) => m.includes('text/calendar')).length, { timeout: 30_000 }).toBe(1);
  for (const mail of [...mailsTo('kenji@visitor.example'), ...mailsTo('bea@sales.example')].filter((m) => m.includes('text/calendar'))) {
    const ics = calendarOf(mail);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`DTSTART:${icsTime(answer.data.start)}`);
    expect(ics).toContain(`DTEND:${icsTime(answer.data.end)}`);
  }
  const visitorMail = mailsTo('kenji@visitor.example').find((m) => m.includes('text/calendar'))!;
  const link = /https?:\/\/[^\s"<>]+\/book\/manage#[\w-]+/.exec(visitorMail)?.[0];
  expect(link).toBe(answer.data.manageUrl);

  // The link of the e-mail moves the meeting to the next open half hour.
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Your free consultation' })).toBeVisible();
  await expect(page).toHaveTitle(/Your consultation/);
  // A page of one visitor's link: kept out of search engines.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByText('With bea.')).toBeVisible();
  await page.getByRole('button', { name: 'Move to another time' }).click();
  // The zone the visitor booked in is the one shown.
  await expect(page.getByLabel('Your time zone')).toHaveValue('Europe/Lisbon');
  await expect(page.getByText('Current', { exact: true })).toBeVisible();
  const slots = page.getByRole('group', { name: /^Time on / }).getByRole('radio');
  const index = await slots.evaluateAll((els) => els.findIndex((el) => el.parentElement?.textContent?.includes('Current')));
  await slots.nth(index + 1).check({ force: true });
  const moved = page.waitForResponse((r) => r.url().endsWith('/api/public/meetings/reschedule'));
  await page.getByRole('button', { name: 'Move the meeting' }).click();
  const after = (await (await moved).json()) as { data: { start: string } };
  expect(Date.parse(after.data.start) - Date.parse(answer.data.start)).toBe(30 * 60_000);
  await expect(page.getByRole('heading', { level: 1, name: 'Your consultation is moved' })).toBeFocused();
  await expect(page.getByText('A new invitation is on its way to your e-mail.')).toBeVisible();

  // A second invitation, a later version of the same event, at the new time.
  await expect.poll(() => mailsTo('kenji@visitor.example').filter((m) => m.includes('text/calendar')).length, { timeout: 30_000 }).toBe(2);
  const again = calendarOf(mailsTo('kenji@visitor.example').filter((m) => m.includes('text/calendar'))[1]);
  expect(again).toContain(`DTSTART:${icsTime(after.data.start)}`);
  expect(again).toContain('SEQUENCE:1');

  // The owner finds it among the meetings, moved.
  const meetings = (await (await own.api.get('/api/admin/meetings', { headers: own.auth })).json()) as {
    data: { leadName: string; ownerName: string; start: string; sequence: number; status: string }[];
  };
  expect(meetings.data).toEqual([expect.objectContaining({ leadName: 'Kenji Sato', ownerName: 'bea', start: after.data.start, sequence: 1, status: 'booked' })]);
  await context.close();

  // Bea sees the lead as hers, the booking and the move in its timeline.
  const staff = await browser.newContext({ baseURL: own.site.baseURL });
  const bea = await staff.newPage();
  await bea.goto('/admin/login');
  await bea.getByLabel('Username').fill('bea');
  await bea.getByLabel('Password').fill(PASSWORD);
  await bea.getByRole('button', { name: 'Sign In' }).click();
  await showTab(bea, 'Contacts');
  const lead = bea.getByRole('main').getByRole('list', { name: 'Leads' }).getByRole('listitem', { name: 'Kenji Sato' });
  await expect(lead.getByText('Owner: bea')).toBeVisible();
  await lead.getByRole('button', { name: 'Kenji Sato' }).click();
  const timeline = bea.getByRole('dialog', { name: 'Kenji Sato' }).getByRole('list', { name: 'Activity, newest first' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Moved');
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('Booked a consultation with bea');
  await staff.close();
});

test('a visitor cancels through the link; the link then says it no longer works', async ({ browser }) => {
  const sent = await own.api.post('/api/contact', {
    data: { firstName: 'Ines', lastName: 'Cancel', email: 'ines@visitor.example', company: 'Undo', fillMs: 9000 },
  });
  const { bookingToken } = (await sent.json()) as { bookingToken: string };
  expect(bookingToken).toBeTruthy();
  const slots = (await (await own.api.get(`/api/public/slots?days=3&lead=${bookingToken}`)).json()) as { data: { start: string }[] };
  const res = await own.api.post('/api/public/bookings', { data: { bookingToken, start: slots.data[6].start, timeZone: 'Europe/Paris' } });
  expect(res.status(), await res.text()).toBe(201);
  const { manageUrl } = ((await res.json()) as { data: { manageUrl: string } }).data;

  const context = await browser.newContext({ baseURL: own.site.baseURL });
  const page = await context.newPage();
  await page.goto(new URL(manageUrl).pathname + new URL(manageUrl).hash);
  await page.getByRole('button', { name: 'Cancel the meeting' }).click();
  await expect(page.getByText('Cancel this meeting? bea and your calendar are told.')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your consultation is cancelled' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book another consultation' })).toHaveAttribute('href', '/ai-journey');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByText('This meeting link has expired or the meeting was cancelled')).toBeVisible();
  await context.close();
});
