import { test, type Page } from '@playwright/test';
import { expect as baseExpect, showTab, signIn, startOwnSite, stopOwnSite, type OwnSite } from './admin-fixtures';
import { gotoReady } from './page-ready';
import { startSMTPReceiver, type SMTPReceiver } from './smtp-receiver';

// The newsletter from sign-up to unsubscription, as a visitor, their mail
// client and the staff meet it: the box on /blog, the confirmation e-mail
// read from the mail server, the page whose button confirms (opening the
// link alone does not), the one-click unsubscription of RFC 8058, and each
// state in the Subscribers tab. The file has a site of its own, with a mail
// server.

const expect = baseExpect.configure({ timeout: 15_000 });

let own: OwnSite;
let mailbox: SMTPReceiver;

test.beforeAll(async ({ playwright }) => {
  own = await startOwnSite(playwright);
  mailbox = await startSMTPReceiver();
  const res = await own.api.put('/api/admin/mail-settings', {
    headers: own.auth,
    data: { host: '127.0.0.1', port: mailbox.port, from: 'news@example.com', tls: 'none', force: true },
  });
  expect(res.status(), await res.text()).toBe(200);
});

test.afterAll(async () => {
  await stopOwnSite(own);
  await mailbox.close();
});

/** A mail as its reader's client has it: the headers unfolded, the quoted-printable body decoded. */
type Mail = { headers: Record<string, string>; body: string };

function parseMail(data: string): Mail {
  const [head, ...rest] = data.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  let body = rest.join('\n\n');
  if (/quoted-printable/i.test(headers['content-transfer-encoding'] ?? '')) {
    body = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return { headers, body };
}

function mailsTo(address: string): Mail[] {
  return mailbox.mails.filter((m) => m.to.includes(address)).map((m) => parseMail(m.data));
}

/** The address's row in the Subscribers tab, loaded afresh. */
async function subscriberRow(staff: Page, email: string) {
  await staff.reload();
  await showTab(staff, 'Subscribers');
  return staff.getByRole('list', { name: 'Subscribers' }).getByRole('listitem', { name: email });
}

test('a visitor subscribes on /blog, confirms on the page of the e-mail, leaves by the one-click POST, and staff see each state', async ({ browser, playwright }) => {
  const email = `reader.${Date.now()}@visitor.example`;
  const staffContext = await browser.newContext({ baseURL: own.site.baseURL });
  const staff = await staffContext.newPage();
  await signIn(staff);

  // The visitor signs up in the box of /blog, as a person does: not at once.
  const visitorContext = await browser.newContext({ baseURL: own.site.baseURL });
  const page = await visitorContext.newPage();
  await page.clock.install();
  await gotoReady(page, '/blog');
  const box = page.getByRole('region', { name: 'Get our insights monthly' });
  await box.getByLabel('Email address').fill('not an address');
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('alert')).toHaveText('Enter a valid email address');
  await box.getByLabel('Email address').fill(email);
  await page.clock.fastForward(5_000);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('status')).toHaveText('Check your inbox to confirm your subscription.');
  await expect(box.getByRole('alert')).toHaveCount(0);
  await page.clock.resume();
  await expect(await subscriberRow(staff, email)).toContainText('Waiting for confirmation');
  await expect(await subscriberRow(staff, email)).toContainText('/blog');

  // The confirmation e-mail: the page that confirms, the page that
  // unsubscribes, and the address of the one-click POST.
  await expect.poll(() => mailsTo(email).length).toBe(1);
  const mail = mailsTo(email)[0];
  expect(mail.headers['subject']).toBe('Confirm your subscription to our newsletter');
  const confirmLink = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(mail.body)?.[0];
  const pageLink = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+/.exec(mail.body)?.[0];
  const oneClick = /^<(https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[\w-]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
  expect(confirmLink, mail.body).toBeTruthy();
  expect(pageLink, mail.body).toBeTruthy();
  expect(oneClick, JSON.stringify(mail.headers)).toBeTruthy();
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  // Opening the link, as a mail scanner does, confirms nothing: the page
  // asks for the button, and search engines are kept out of it.
  const opened = await gotoReady(page, confirmLink!);
  expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await expect(await subscriberRow(staff, email)).toContainText('Waiting for confirmation');
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('status')).toHaveText(`You are subscribed: ${email} will receive our newsletter. Every email carries a link to unsubscribe.`);
  await expect(await subscriberRow(staff, email)).toContainText('Confirmed');

  // The mail client unsubscribes with one click: RFC 8058's POST to the
  // List-Unsubscribe address, with no cookie, session or script.
  const client = await playwright.request.newContext();
  const res = await client.post(oneClick!, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(res.status(), await res.text()).toBe(200);
  await client.dispose();
  const row = await subscriberRow(staff, email);
  await expect(row).toContainText('Unsubscribed');
  await expect(row).toContainText(/unsubscribed \w/);

  // The page of the e-mail's own link says so too.
  await gotoReady(page, pageLink!);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toHaveText(`You are unsubscribed: ${email} will receive no more emails from our newsletter.`);

  // The tab filters by status.
  await staff.getByRole('combobox', { name: 'Status' }).click();
  await staff.getByRole('option', { name: 'Confirmed', exact: true }).click();
  await expect(staff.getByText('No subscribers match these filters.')).toBeVisible();
  await staffContext.close();
  await visitorContext.close();
});
