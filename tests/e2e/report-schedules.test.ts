import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answer, apiAs, choose, pickCompany, type RunningConsole, operatorSession, callPath } from './harness';
import { companyCalls, reportCalls } from '../../schemas/api';

const session = operatorSession();
let app: RunningConsole;
let page: Page;
let companyId: string;
beforeAll(async () => {
  ({ app, page } = session);
});

type Report = {
  id: string;
  active: number;
  definition: {
    email_recipients: string;
    company_id: string;
    schedule: { cron: string; type: string };
    params?: Record<string, unknown>;
    filters?: Record<string, unknown>[];
  };
};
const stored = async (type: 'DAILY_TRIP_SUMMARY' | 'ALERT') => {
  const entity = (await apiAs<{ id: string }>(page, app.url, callPath(companyCalls.cbdt, { c: companyId }))).id;
  return apiAs<Report[]>(page, app.url, callPath(reportCalls.list, { c: companyId, entity_id: entity, type }));
};

const form = () => page.locator('form');
const submit = (name: string) => page.getByRole('button', { name }).click();

describe('report schedules', () => {
  it('asks for a company before adding a report', async () => {
    await page.getByRole('menuitem', { name: 'Daily Summary Report' }).click();
    await page.getByRole('button', { name: 'Set Daily summary Report of Sputnik' }).click();
    await page.getByText('Select a company to set daily summary report').waitFor();
    await page.getByRole('menuitem', { name: 'Exception Report' }).click();
    await page.getByRole('button', { name: 'Set Exception Report' }).click();
    await page.getByText('Select a company to Exception Report').waitFor();
    expect(new URL(page.url()).pathname).toBe('/exception-report');

    await pickCompany(page, 'Tata', 'Tata Steel Limited (CONSIGNOR)');
    await page.waitForURL(/companyId=/);
    companyId = new URL(page.url()).searchParams.get('companyId')!;
    // The seeded exception report is listed.
    await page.locator('.ant-table-tbody tr', { hasText: 'rs_tsl_alert' }).waitFor();
  });

  it('sets a daily summary report after the required-field messages', async () => {
    await page.getByRole('menuitem', { name: 'Daily Summary Report' }).click();
    await page.locator('.ant-table-tbody tr', { hasText: 'rs_tsl_daily' }).waitFor();
    await page.getByRole('button', { name: 'Set Daily summary Report of Sputnik' }).click();
    await page.waitForURL('**/sputnik-daily-summary/add?*');
    await page.getByText('Set SputNik Daily Summary Report').waitFor();
    await submit('Submit Daily Summary Report');
    await page.getByText('Please select EmailId', { exact: true }).waitFor();
    await page.getByText('Enter timings', { exact: true }).waitFor();

    await form().getByLabel("Email Id's").fill('ops@demo.local, plant.head@tatasteel.example');
    await choose(page, 'Set Report Timings', '8:30 AM', '8:30 AM IST (03:00 UTC)');
    await submit('Submit Daily Summary Report');
    await page.getByText('Report set sucessfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/sputnik-daily-summary');

    const created = (await stored('DAILY_TRIP_SUMMARY')).find((r) => r.id !== 'rs_tsl_daily')!;
    expect(created).toMatchObject({
      active: 1,
      definition: { email_recipients: 'ops@demo.local,plant.head@tatasteel.example', company_id: companyId, schedule: { cron: '0 0 3 * * ?', type: 'DAILY' } },
    });
    expect(created.definition).not.toHaveProperty('branch_id');
    await page.locator('.ant-table-tbody tr', { hasText: created.id }).waitFor();
  });

  let exceptionId: string;
  it('sets an exception report with a list filter and a number filter', async () => {
    await page.getByRole('menuitem', { name: 'Exception Report' }).click();
    await page.getByRole('button', { name: 'Set Exception Report' }).click();
    await page.waitForURL('**/exception-report/add?*');
    await submit('Submit Exception Report');
    for (const text of ['Please select EmailId', 'Please select alerts names', 'Enter timings', 'Please enter alerts closed duration in minutes', 'Please enter total trip hours in hours', 'Please enter trip statuses']) {
      await page.getByText(text, { exact: true }).waitFor();
    }

    await form().getByLabel('Email ID').fill('alerts@tatasteel.example');
    for (const alert of ['untracked', 'diversion']) {
      await choose(page, 'Alerts', alert);
      await page.keyboard.press('Escape');
    }
    await choose(page, 'Set Report Timings', 'Every 15', 'Every 15 minutes');
    await form().getByLabel('Alerts Closed Minutes').fill('30');
    await form().getByLabel('Total Trip hours').fill('12');
    await choose(page, 'Trip Status', 'Open');
    await page.keyboard.press('Escape');

    const addMore = page.getByRole('button', { name: 'Add More Filter', exact: true });
    expect(await addMore.isDisabled()).toBe(true);
    await choose(page, 'Filter 1', 'alert_type');
    await submit('Submit Exception Report');
    await page.getByText('Please enter operator', { exact: true }).waitFor();
    await page.getByText('Please enter valid input value', { exact: true }).waitFor();
    expect(await addMore.isDisabled()).toBe(true);
    await choose(page, 'Operator 1', 'in');
    await form().getByLabel('Value 1').fill('untracked, diversion');
    await expect.poll(() => addMore.isDisabled()).toBe(false);
    // Picking another filter resets the row's operator and value.
    await choose(page, 'Filter 1', 'assignee');
    await expect.poll(() => form().getByLabel('Value 1').inputValue()).toBe('');
    expect(await addMore.isDisabled()).toBe(true);
    await choose(page, 'Filter 1', 'alert_type');
    await choose(page, 'Operator 1', 'in');
    await form().getByLabel('Value 1').fill('untracked, diversion');
    await expect.poll(() => addMore.isDisabled()).toBe(false);
    await addMore.click();
    await choose(page, 'Filter 2', 'current_escalation');
    expect(await addMore.isDisabled()).toBe(true);
    await choose(page, 'Operator 2', 'gte');
    await form().getByLabel('Value 2').fill('2');
    await submit('Submit Exception Report');
    await page.getByText('Report set sucessfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/exception-report');

    const created = (await stored('ALERT')).find((r) => r.id !== 'rs_tsl_alert')!;
    exceptionId = created.id;
    expect(created.definition).toEqual({
      email_recipients: 'alerts@tatasteel.example',
      company_id: companyId,
      schedule: { cron: '0 0/15 * * * ?', type: 'DAILY' },
      params: {
        'date.alert.closed.close_time.duration_mins': 30,
        'date.alert.inprogress.start_time.duration_mins': 45000,
        'date.trip.constraint.value': 12,
        'date.trip.type': 'HOURS',
        event: ['untracked', 'diversion'],
        format: 'xlsx',
        tripStatus: [1],
      },
      filters: [
        { key: 'alert_type', in: ['untracked', 'diversion'] },
        { key: 'current_escalation_level', gte: 2 },
      ],
      job_uuid: expect.any(String),
    });
  });

  it('edits it, toggles it with confirmation and disables Edit while inactive', async () => {
    const row = () => page.locator('.ant-table-tbody tr', { hasText: exceptionId });
    await row().getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/exception-report\/edit\//);
    await page.getByText('Update Exception Report').waitFor();
    await expect.poll(() => form().getByLabel('Email ID').inputValue()).toBe('alerts@tatasteel.example');
    await expect.poll(() => form().getByLabel('Value 1').inputValue()).toBe('untracked,diversion');
    await form().getByLabel('Total Trip hours').fill('24');
    await submit('Submit Exception Report');
    await page.getByText('Report updated sucessfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/exception-report');
    const edited = (await stored('ALERT')).find((r) => r.id === exceptionId)!;
    expect(edited.definition.params?.['date.trip.constraint.value']).toBe(24);
    expect(edited.definition.filters).toHaveLength(2);

    await row().getByRole('switch').click();
    await page.getByText('Are you sure want to disable/enable notification').waitFor();
    await answer(page, 'No');
    expect((await stored('ALERT')).find((r) => r.id === exceptionId)?.active).toBe(1);
    await row().getByRole('switch').click();
    await answer(page, 'Yes');
    await expect.poll(async () => (await stored('ALERT')).find((r) => r.id === exceptionId)?.active).toBe(0);
    await expect.poll(() => row().getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    expect(await row().getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });
});
