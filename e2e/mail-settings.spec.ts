import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, sectionLink, showTab, startOwnSite, stopOwnSite, type OwnSite } from './admin-fixtures';
import { startSMTPReceiver, type SMTPReceiver } from './smtp-receiver';

// The mail server set from the admin: a fresh site without SMTP_* in its
// environment sends e-mail once an administrator fills in the Mail server
// card, tests it and saves it.

const expect = baseExpect.configure({ timeout: 15_000 });

// Its own server: these tests save a mail server the other files' sites do not expect.
let own: OwnSite;
let receiver: SMTPReceiver;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  own = await startOwnSite(playwright);
  receiver = await startSMTPReceiver();
});

test.afterAll(async () => {
  await receiver.close();
  await stopOwnSite(own);
});

async function signIn(page: Page) {
  await page.goto(`${own.site.baseURL}/admin/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome, admin')).toBeVisible();
}

async function openSettings(page: Page) {
  await signIn(page);
  await showTab(page, 'Settings');
  return page.getByRole('region', { name: 'Mail server' });
}

test('an administrator sets the mail server, sends a test e-mail that arrives, and saves', async ({ page }) => {
  // The dashboard's checklist leads to the card.
  await signIn(page);
  const check = page.getByRole('list', { name: 'Site checks' }).getByRole('listitem').filter({ hasText: 'E-mail is not set up' });
  await check.getByRole('button', { name: 'Fix this' }).click();
  await expect(sectionLink(page, 'Settings')).toHaveAttribute('aria-current', 'page');
  const card = page.getByRole('region', { name: 'Mail server' });
  await expect(card).toContainText('No mail server is set up');
  await expect(card.getByRole('heading', { name: 'Mail server' })).toBeInViewport();

  // A closed port: the test says why, and a save asks first.
  await card.getByLabel('SMTP host').fill('127.0.0.1');
  await card.getByLabel('Port').fill('1');
  await card.getByLabel('Encryption').click();
  await page.getByRole('option', { name: 'No encryption' }).click();
  await card.getByLabel('Sender address').fill('alerts@example.com');
  await card.getByRole('button', { name: 'Send a test e-mail' }).click();
  await expect(card.getByRole('status')).toContainText('Connection refused by 127.0.0.1:1');
  await card.getByRole('button', { name: 'Save Mail Server' }).click();
  const question = page.getByRole('alertdialog', { name: 'Save settings that failed the check?' });
  await expect(question).toContainText('Connection refused by 127.0.0.1:1');
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  // The edits are still there.
  await expect(card.getByLabel('SMTP host')).toHaveValue('127.0.0.1');

  // The receiver's port: the test mail arrives, from the sender, to the address given.
  await card.getByLabel('Port').fill(String(receiver.port));
  await card.getByLabel('Send the test to').fill('owner@example.com');
  await card.getByRole('button', { name: 'Send a test e-mail' }).click();
  await expect(card.getByRole('status')).toContainText(`The mail server 127.0.0.1:${receiver.port} accepted the test e-mail for owner@example.com.`);
  await expect(card.getByRole('status')).toContainText('OK: queued as test');
  await expect.poll(() => receiver.mails.length).toBe(1);
  expect(receiver.mails[0].from).toBe('alerts@example.com');
  expect(receiver.mails[0].to).toEqual(['owner@example.com']);
  expect(receiver.mails[0].data).toContain('Subject: Test e-mail from your website');

  await card.getByRole('button', { name: 'Save Mail Server' }).click();
  await expect(page.getByText('Mail server settings saved').first()).toBeVisible();
  await expect(card).not.toContainText('No mail server is set up');

  // Loaded again, the saved settings show; the checklist counts e-mail as set up.
  await page.reload();
  await expect(card.getByLabel('SMTP host')).toHaveValue('127.0.0.1');
  await expect(card.getByLabel('Port')).toHaveValue(String(receiver.port));
  await showTab(page, 'Dashboard');
  await expect(page.getByText('E-mail is set up')).toBeVisible();
});

test('the card fits from 320 to 1920 pixels wide', async ({ page }) => {
  const card = await openSettings(page);
  await expect(card.getByLabel('SMTP host')).toBeVisible();
  for (const width of [320, 768, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, `card inside the window at ${width}px`).toBe(true);
    for (const name of ['Send a test e-mail', 'Save Mail Server']) {
      const b = await card.getByRole('button', { name }).boundingBox();
      expect(b && b.x >= 0 && b.x + b.width <= width, `${name} inside the window at ${width}px`).toBe(true);
    }
  }
});
