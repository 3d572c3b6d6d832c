import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { batchCalls } from '../../schemas/api/batches';
import { BULK_UPLOAD_MSG, type Batch } from '../../schemas/bulk-upload';
import { apiAs, axeViolations, callPath, login, saveScreen, startConsole, type RunningConsole } from './harness';

// The page opens by its address (it is reached from a list's 'Bulk Upload' button), so the session waits for the
// shell only, not for a company prompt.
const session = {} as { app: RunningConsole };
let page: Page;
beforeAll(async () => {
  session.app = await startConsole();
  page = await session.app.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await login(page, session.app.url, 'ops@demo.local');
  await page.getByText('Lego Configuration Console').waitFor();
});
afterAll(() => session.app?.stop());

/** A configurations file: one SMS configuration and one row with an unknown event. */
function file(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['Event Name', 'Mode', 'Company Id', 'User Id', 'Mobile Numbers', 'Body'],
      ['trip.started', 'SMS', '1001', '77', '9876543210', 'Trip {{tripId}} started'],
      ['no.such.event', 'SMS', '1001', '78', '9876543210', 'x'],
    ]),
    'Sheet1',
  );
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('bulk upload', () => {
  // Runs first: the upload below stores the same file's good row, which it could not if this check had stored it.
  it("checks a file row by row with 'Check file' and stores nothing", async () => {
    await page.goto(`${session.app.url}/bulk-upload/configurations`);
    await page.getByRole('heading', { name: 'Upload Configurations' }).waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'notify.xlsx', mimeType: XLSX_TYPE, buffer: file() });
    await page.getByText('notify.xlsx').waitFor();
    await page.getByRole('button', { name: 'Check file' }).click();
    const card = page.locator('.ant-card', { hasText: 'Check of notify.xlsx' });
    await card.getByText(BULK_UPLOAD_MSG.checked(2, 1)).waitFor();
    const rows = card.locator('.ant-table-tbody tr.ant-table-row');
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/^1\s+OK$/),
      expect.stringMatching(/^2\s+Please select event$/),
    ]);
    await saveScreen(page, 'bulk-upload-check');
    const batches = await apiAs<Batch[]>(
      page,
      session.app.url,
      callPath(batchCalls.list, { parent_fteid: 'desk-ops-01', type: 'configurations' }),
    );
    expect(batches).toEqual([]);
  });

  it('asks for a file first, then uploads one with an e-mail and shows the batch until it is done', async () => {
    await page.goto(`${session.app.url}/bulk-upload/configurations`);
    await page.getByRole('heading', { name: 'Upload Configurations' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sample Excel file' }).getAttribute('href')).toBe(
      '/v1/bulk-upload/configurations/sample',
    );
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(BULK_UPLOAD_MSG.noFile).waitFor();

    await page.locator('input[type=file]').setInputFiles({ name: 'notify.xlsx', mimeType: XLSX_TYPE, buffer: file() });
    await page.getByText('notify.xlsx').waitFor();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const modal = page.getByRole('dialog', { name: BULK_UPLOAD_MSG.modalTitle });
    await modal.waitFor();
    await modal.getByLabel('Email').fill('not-an-email');
    await modal.getByRole('button', { name: 'Upload and e-mail me' }).click();
    await modal.getByText(BULK_UPLOAD_MSG.email).waitFor();
    await saveScreen(page, 'bulk-upload-modal');
    await modal.getByLabel('Email').fill('lead@example.com');
    await modal.getByRole('button', { name: 'Upload and e-mail me' }).click();
    await page.getByText(BULK_UPLOAD_MSG.uploaded).waitFor();
    await modal.waitFor({ state: 'hidden' });

    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'notify.xlsx' });
    await row.getByText('DONE').waitFor({ timeout: 30_000 });
    await row.getByText('2 of 2 rows, 1 failed').waitFor();
    const [batch] = await apiAs<Batch[]>(
      page,
      session.app.url,
      callPath(batchCalls.list, { parent_fteid: 'desk-ops-01', type: 'configurations' }),
    );
    expect(batch).toMatchObject({ filename: 'notify.xlsx', status: 'DONE', rows_total: 2, rows_failed: 1 });
    expect(await row.locator('.ant-tag').first().textContent()).toBe(batch!.id.slice(4, 12).toUpperCase());
    expect(await row.locator('td').nth(3).textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} IST$/);
    expect(await page.getByText('notify.xlsx').count()).toBe(1); // the drop area was cleared
    await saveScreen(page, 'bulk-upload-done');
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.targets.join(' | ')}`)).toEqual([]);
  });
});
