import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startSite } from './fixtures';

/**
 * Starts a site of its own and writes rows into its SQLite database before the
 * first page is requested, as an admin's changes would have left them. Pages
 * are rendered on first request, so they show these rows.
 */
export async function startSeededSite(sql: string) {
  const site = await startSite();
  execFileSync('sqlite3', ['-cmd', '.timeout 5000', join(site.dataDir, 'site.db'), sql]);
  return site;
}

/** Runs a query on a site's database and returns its rows as JSON. */
export function queryRows<T>(dataDir: string, sql: string): T[] {
  const out = execFileSync('sqlite3', ['-json', '-cmd', '.timeout 5000', join(dataDir, 'site.db'), sql]).toString().trim();
  return out === '' ? [] : (JSON.parse(out) as T[]);
}
