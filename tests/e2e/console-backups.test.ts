import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useServer } from './api';
import { type Browser, launchBrowser, PHONE_VIEWPORT, screenshot, signInToConsole } from './browser';
import { startServer } from './global-setup';

// Issue 45: an owner gets a backup off the server from the console's Backups screen on a 360x740
// phone, without a shell: Back up now, then Download saves the very file (its sha256 is the one
// the screen lists). The server runs with its own BACKUP_DIR (a temporary folder).

let server: Awaited<ReturnType<typeof startServer>>;
let backups: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  backups = mkdtempSync(join(tmpdir(), 'matka-e2e-backups-'));
  server = await startServer(inject('marketTz'), { BACKUP_DIR: backups });
  useServer(server.baseUrl);
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await signInToConsole(page);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(backups, { recursive: true, force: true });
});

describe('the Backups screen on a phone', () => {
  it('writes a backup and downloads that very file', async () => {
    await page.goto('/admin/backups');
    await page.getByRole('heading', { level: 1, name: 'Backups' }).waitFor();
    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByText(/^Backup written: /).waitFor({ timeout: 60_000 });
    const table = page.getByRole('table', { name: 'Backups' });
    const row = table.locator('tbody tr').first();
    const file = (await row.locator('td').first().textContent()) as string;
    expect(file).toMatch(/^matka-\d{8}T\d{9}Z\.sql\.gz$/);
    const listed = (await row.locator('code.hash').textContent()) as string;

    const button = row.getByRole('button', { name: 'Download' });
    const box = await button.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(file);
    const saved = readFileSync((await download.path()) as string);
    expect(createHash('sha256').update(saved).digest('hex')).toBe(listed);
    expect(saved.equals(readFileSync(join(backups, file)))).toBe(true);
    await page.getByText(`Saved ${file}`).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await screenshot(page, 'console-backups-download');
    await button.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-backups-row');
  });
});
