import { test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect as baseExpect, showTab, startOwnSite, stopOwnSite, type OwnSite } from './admin-fixtures';
import { openAroundTheClock } from './booking-hours';

// The meetings visitors book, as the lead's owner meets them in the admin:
// the Meetings tab, the lead's timeline, and the private calendar feed.
// The file has a site of its own: once a user takes leads, every new lead
// of the site goes to them. Each test books its own meeting.

const expect = baseExpect.configure({ timeout: 15_000 });
const PASSWORD = 'quiet-harbour-42';

const openHours = openAroundTheClock('UTC', 'https://meet.example.com/sally');

let own: OwnSite;

test.beforeAll(async ({ playwright }) => {
  own = await startOwnSite(playwright);
  const made = await own.api.post('/api/admin/users', { headers: own.auth, data: { username: 'sally', password: PASSWORD, role: 'sales' } });
  expect(made.status(), await made.text()).toBe(201);
});

test.afterAll(async () => {
  await stopOwnSite(own);
});

/** Sally takes leads, with open booking hours; answers her session token. */
async function sallyTakesLeads(api: APIRequestContext): Promise<Record<string, string>> {
  const users = (await (await api.get('/api/admin/users', { headers: own.auth })).json()) as { data: { id: number; username: string }[] };
  const id = users.data.find((u) => u.username === 'sally')!.id;
  const takes = await api.put(`/api/admin/users/${id}`, { headers: own.auth, data: { role: 'sales', status: 'active', takesLeads: true } });
  expect(takes.status(), await takes.text()).toBe(200);
  const login = await api.post('/api/admin/login', { data: { username: 'sally', password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const auth = { Authorization: `Bearer ${((await login.json()) as { sessionToken: string }).sessionToken}` };
  const hours = await api.put('/api/admin/account/availability', { headers: auth, data: openHours });
  expect(hours.status(), await hours.text()).toBe(200);
  return auth;
}

type Booked = { id: number; start: string; end: string };

/** A visitor sends the form and books the slot n offered to them, as the public booking page does. */
async function visitorBooks(api: APIRequestContext, first: string, last: string, company: string, n: number): Promise<Booked> {
  const sent = await api.post('/api/contact', {
    data: { firstName: first, lastName: last, email: `${first.toLowerCase()}@meetings.example`, company, aiSolutionInterest: 'nlp', fillMs: 9000 },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { bookingToken } = (await sent.json()) as { bookingToken: string };
  const slots = await api.get(`/api/public/slots?days=3&tz=Europe/Berlin&lead=${bookingToken}`);
  expect(slots.status(), await slots.text()).toBe(200);
  const { data } = (await slots.json()) as { data: { start: string }[] };
  const booked = await api.post('/api/public/bookings', { data: { bookingToken, start: data[n].start, timeZone: 'Europe/Berlin' } });
  expect(booked.status(), await booked.text()).toBe(201);
  return ((await booked.json()) as { data: Booked }).data;
}

async function signInAsSally(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: own.site.baseURL, viewport, timezoneId: 'Europe/Berlin', locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('sally');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome, sally')).toBeVisible();
  return page;
}

test('the owner sees a booked meeting in the Meetings tab, on a phone too, and in the lead\'s timeline', async ({ browser }) => {
  await sallyTakesLeads(own.api);
  const booked = await visitorBooks(own.api, 'Mira', 'Meetwell', 'Orbit Labs', 4);

  const sally = await signInAsSally(browser, { width: 320, height: 720 });
  await showTab(sally, 'Meetings');
  const panel = sally.getByRole('main');
  await expect(panel.getByText('Times are in your time zone, Europe/Berlin.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Upcoming' })).toHaveAttribute('aria-pressed', 'true');
  await sally.getByRole('combobox', { name: 'Whose meetings' }).click();
  await sally.getByRole('option', { name: 'My meetings', exact: true }).click();
  const row = panel.getByRole('list', { name: 'Meetings' }).getByRole('listitem').filter({ hasText: 'Mira Meetwell' });
  await expect(row).toBeVisible();
  // The day as the browser writes it, in its zone (Berlin).
  const day = await sally.evaluate(
    (iso) => new Date(iso).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
    booked.start,
  );
  await expect(row).toContainText(day);
  await expect(row).toContainText('30 min');
  await expect(row).toContainText('Orbit Labs');
  await expect(row).toContainText('sally');
  await expect(row.getByText('Booked', { exact: true })).toBeVisible();
  // Nothing runs off a 320-pixel screen.
  expect(await sally.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // The lead opens in the Contacts tab, its timeline telling of the booking.
  await row.getByRole('link', { name: 'Mira Meetwell' }).click();
  await expect(sally).toHaveURL(/tab=contacts/);
  const detail = sally.getByRole('dialog', { name: 'Mira Meetwell' });
  await expect(detail).toBeVisible();
  const timeline = detail.getByRole('list', { name: 'Activity, newest first' });
  await expect(timeline.getByRole('listitem').first()).toContainText('The visitor');
  await expect(timeline.getByRole('listitem').first()).toContainText('Booked a consultation with sally');
  await sally.context().close();
});

test('the owner subscribes to a private calendar feed that lists the meeting, and a new address ends the old one', async ({ browser }) => {
  await sallyTakesLeads(own.api);
  const booked = await visitorBooks(own.api, 'Felix', 'Feedly', 'Calendar Co', 6);

  const sally = await signInAsSally(browser);
  await showTab(sally, 'Account');
  const card = sally.getByRole('region', { name: 'Calendar feed' });
  // A test before may have made an address already: this one starts from a feed turned off.
  if (await card.getByRole('button', { name: 'Turn off' }).isVisible()) {
    await card.getByRole('button', { name: 'Turn off' }).click();
    await sally.getByRole('alertdialog').getByRole('button', { name: 'Turn off' }).click();
  }
  await card.getByRole('button', { name: 'Make feed address' }).click();
  const field = card.getByLabel(/it is shown only once/);
  await expect(field).toHaveValue(/\/calendar\/[\w-]+\.ics$/);
  const url = await field.inputValue();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  const res = await sally.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(res.headers()['cache-control']).toBe('private, no-store');
  const ics = (await res.text()).replace(/\r\n /g, '');
  const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d+/, '');
  expect(ics).toContain(`UID:meeting-${booked.id}@`);
  expect(ics).toContain(`DTSTART:${stamp(booked.start)}`);
  expect(ics).toContain(`DTEND:${stamp(booked.end)}`);
  expect(ics).toContain('SUMMARY:Consultation: Felix Feedly\\, Calendar Co');

  // A new address: the old one stops working.
  await card.getByRole('button', { name: 'New address' }).click();
  const ask = sally.getByRole('alertdialog', { name: 'Make a new address?' });
  await expect(ask).toContainText('The old address stops working');
  await ask.getByRole('button', { name: 'New address' }).click();
  await expect(field).not.toHaveValue(url);
  expect((await sally.request.get(url)).status()).toBe(404);
  expect((await sally.request.get(await field.inputValue())).status()).toBe(200);
  await sally.context().close();
});
