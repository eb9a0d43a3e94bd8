import { createHmac } from 'node:crypto';
import { ADMIN_PASSWORD, expect, showTab, signIn, storedSession, test, toastWith } from './admin-fixtures';
import type { Page } from '@playwright/test';

// Two-factor sign-in in the admin: the worker's administrator enrols with
// a code computed here, signs out, signs in with a code, then with a
// recovery code, and turns it off again for the other tests of the worker.

/** Decodes RFC 4648 base32 (the secret as authenticator apps read it). */
function base32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error(`not base32: ${c}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The RFC 6238 code of the secret at time ms: HMAC-SHA1, 30-second steps, 6 digits. */
function totp(secret: string, ms = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 1000 / 30)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const n = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(n).padStart(6, '0');
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

async function password(page: Page) {
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an admin turns on two-factor sign-in, then signs in with a code and with a recovery code', async ({ page }) => {
  await signIn(page);
  let token = (await storedSession(page)).token;
  try {
    await showTab(page, 'Account');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Two-factor sign-in' }) });
    await expect(card.getByText('Off', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(card.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    const secret = ((await card.getByLabel('Key to type by hand').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code is told beside the field; the right one turns it on.
    const right = totp(secret);
    await card.getByLabel('Code from the app').fill(String((Number(right[0]) + 1) % 10) + right.slice(1));
    await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(card.getByText(/The code is not right\./)).toBeVisible();
    await card.getByLabel('Code from the app').fill(totp(secret));
    await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(card.getByText('Save these recovery codes now: they are shown only once.')).toBeVisible();
    const codes = await card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
    await card.getByRole('button', { name: 'Done' }).click();
    await expect(toastWith(page, 'Two-factor sign-in is on')).toBeVisible();
    await expect(card.getByText('On', { exact: true })).toBeVisible();
    await expect(card).toContainText('10 recovery codes left.');
    await expect(card).not.toContainText(secret);

    // Sign in with the password, then a code (the next step's: the one
    // that confirmed the enrolment is not taken twice).
    await signOut(page);
    await password(page);
    const code = page.getByLabel('Authentication code');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    expect((await storedSession(page)).token).toBeNull();
    await code.fill(totp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Welcome, admin')).toBeVisible();

    // Then with a recovery code, which works once.
    await signOut(page);
    await password(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Welcome, admin')).toBeVisible();
    await signOut(page);
    await password(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('This recovery code was used already: each works once.', { exact: false })).toBeVisible();
    await page.getByLabel('Recovery code').fill(codes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Welcome, admin')).toBeVisible();
    token = (await storedSession(page)).token;

    // New recovery codes, confirmed with the password, replace the eight left.
    await showTab(page, 'Account');
    await expect(card).toContainText('8 recovery codes left.');
    await card.getByRole('button', { name: 'New recovery codes' }).click();
    const renew = page.getByRole('dialog', { name: 'Make new recovery codes?' });
    await renew.getByRole('button', { name: 'Make new codes' }).click();
    await expect(renew.getByText('Enter your password.')).toBeVisible();
    await renew.getByLabel('Password').fill(ADMIN_PASSWORD);
    await renew.getByRole('button', { name: 'Make new codes' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new recovery codes' });
    await expect(shown.getByText('New recovery codes are made: the old ones no longer work.')).toBeVisible();
    const fresh = await shown.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[2]);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(card).toContainText('10 recovery codes left.');

    // Turned off with the password, as the other tests of the worker need.
    await card.getByRole('button', { name: 'Turn off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await dialog.getByLabel('Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(dialog.getByText('The password is not right.')).toBeVisible();
    await dialog.getByLabel('Password').fill(ADMIN_PASSWORD);
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(toastWith(page, 'Two-factor sign-in is off')).toBeVisible();
    await expect(card.getByText('Off', { exact: true })).toBeVisible();
  } finally {
    // Whatever failed above, the worker's admin signs in with the password alone again.
    const current = (await storedSession(page).catch(() => ({ token: null }))).token ?? token;
    if (current) await page.request.delete('/api/admin/account/2fa', { headers: { Authorization: `Bearer ${current}` }, data: { password: ADMIN_PASSWORD } });
  }
  const login = await page.request.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  expect(((await login.json()) as { success: boolean }).success).toBe(true);
});
