import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

export type SiteServer = {
  baseURL: string;
  dataDir: string;
  /** Lines the server logged, for tests that look at the log. */
  logs: string[];
};

const binary = resolve(process.cwd(), 'bin/site');

/** Starts bin/site on a free loopback port with a fresh data directory. */
export async function startSite(env: Record<string, string> = {}): Promise<SiteServer & { stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-e2e-'));
  const child: ChildProcess = spawn(binary, ['-addr', '127.0.0.1:0', '-data-dir', dataDir], {
    // Every test of a worker posts its leads from loopback: the per-address
    // lead limit is off unless a test sets it.
    env: { ...process.env, SITE_LEAD_RATE_PER_ADDRESS: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const logs: string[] = [];
  const baseURL = await new Promise<string>((resolveURL, reject) => {
    const timer = setTimeout(() => reject(new Error(`site did not start:\n${logs.join('\n')}`)), 15_000);
    child.once('exit', (code) => reject(new Error(`site exited with ${code}:\n${logs.join('\n')}`)));
    createInterface({ input: child.stderr! }).on('line', (line) => {
      logs.push(line);
      try {
        const rec = JSON.parse(line) as { msg?: string; address?: string };
        if (rec.msg === 'site started' && rec.address) {
          clearTimeout(timer);
          resolveURL(rec.address);
        }
      } catch {
        // not a log record
      }
    });
  });
  return {
    baseURL,
    dataDir,
    logs,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL database of the tests that run instances side by side; empty when TEST_DATABASE_URL is not set, and those tests skip. */
export const testDatabaseURL = process.env.TEST_DATABASE_URL ?? '';

type Instance = SiteServer & { stop: () => Promise<void> };

/**
 * Starts n instances of the site on one PostgreSQL schema of their own, as
 * instances behind a load balancer share a database. They start one after
 * the other: the first makes the tables. stop stops each (an instance may
 * have been stopped already) and drops the schema.
 */
export async function startInstances(n: number, env: Record<string, string> = {}): Promise<{ sites: Instance[]; stop: () => Promise<void> }> {
  const schema = `e2e_${randomBytes(6).toString('hex')}`;
  execFileSync('psql', [testDatabaseURL, '-qc', `CREATE SCHEMA ${schema}`]);
  const url = new URL(testDatabaseURL);
  url.searchParams.set('search_path', schema);
  const sites: Instance[] = [];
  const stop = async () => {
    for (const s of sites) await s.stop();
    execFileSync('psql', [testDatabaseURL, '-qc', `SET client_min_messages = warning; DROP SCHEMA ${schema} CASCADE`]);
  };
  try {
    for (let i = 0; i < n; i++) sites.push(await startSite({ DATABASE_URL: url.toString(), ...env }));
  } catch (err) {
    await stop();
    throw err;
  }
  return { sites, stop };
}

/** Collects console errors and warnings and page errors of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

export const test = base.extend<{ consoleProblems: string[] }, { site: SiteServer }>({
  site: [
    async ({}, use) => {
      const s = await startSite();
      await use(s);
      await s.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ site }, use) => {
    await use(site.baseURL);
  },
  consoleProblems: async ({ page }, use) => {
    await use(watchConsole(page));
  },
});

export { expect };
