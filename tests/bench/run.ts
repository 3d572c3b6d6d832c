/**
 * `npm run bench`: sizes and speeds that tests must not assert.
 * - initial JavaScript (gzip) of the login page and of /routes, as Chromium loads them from the built console;
 * - requests per second and p99 latency of GET /saas/lego/company_routes/fetch with 1,000 routes.
 */
import autocannon from 'autocannon';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { apiAs, callPath, login, startConsole } from '../e2e/harness';
import { companyCalls, mainCalls } from '../../schemas/api';

/** Sums the gzip size of every script a page load fetches. */
async function initialScripts(page: Page, load: () => Promise<void>): Promise<{ files: number; gzipKb: number }> {
  const bodies: Promise<Buffer>[] = [];
  const onResponse = (res: import('playwright-core').Response) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body());
  };
  page.on('response', onResponse);
  await load();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const sizes = await Promise.all(bodies);
  return { files: sizes.length, gzipKb: Math.round(sizes.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) / 102.4) / 10 };
}

const app = await startConsole();
try {
  const context = await app.browser.newContext();
  const page = await context.newPage();
  const loginJs = await initialScripts(page, async () => {
    await page.goto(`${app.url}/login`);
    await page.getByLabel('E-mail or phone').waitFor();
  });
  await login(page, app.url, 'ops@demo.local');
  await page.getByText('Lego Configuration Console').waitFor();
  const companies = await apiAs<{ id: string; name: string; type: string }[]>(page, app.url, callPath(companyCalls.companySearch, { q: 'Tata' }));
  const company = companies[0];
  const scope = `companyId=${company.id}&companyName=${encodeURIComponent(company.name)}&companyType=${company.type}`;

  // A fresh tab with the session in storage and an empty cache: what an operator opening /routes downloads.
  const fresh = await context.newPage();
  await fresh.route('**/*', (route) => route.continue());
  const routesJs = await initialScripts(fresh, async () => {
    await fresh.goto(`${app.url}/routes?${scope}`);
    await fresh.getByRole('columnheader', { name: 'Time Stamp' }).waitFor({ timeout: 15_000 }).catch(async (e) => {
      await fresh.screenshot({ path: '/tmp/bench-fail.png' });
      throw e;
    });
  });

  const token = await page.evaluate(() => localStorage.getItem('deskToken'));
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const seedBody = (i: number) => ({
    label: `Bench route ${i}`,
    code: `B${i}`,
    stt: 600,
    places: [
      { label: 'Pune', address: 'Pune, Maharashtra, India', cpCode: `P${i}`, geofenceRadius: 2, google: { place_id: 'bench-origin' } },
      { label: 'Mumbai', address: 'Mumbai, Maharashtra, India', cpCode: `M${i}`, geofenceRadius: 2, google: { place_id: 'bench-destination' } },
    ],
  });
  const existing = await apiAs<unknown[]>(page, app.url, callPath(mainCalls.routes, { c: company.id, t: 'CONSIGNOR' }));
  for (let start = existing.length; start < 1000; start += 100) {
    const rows = Array.from({ length: Math.min(100, 1000 - start) }, (_, k) => seedBody(start + k));
    const res = await fetch(`${app.url}${callPath(mainCalls.createRoutes, { c: company.id, t: 'CONSIGNOR' })}`, { method: 'POST', headers, body: JSON.stringify(rows) });
    if (!res.ok) throw new Error(`seeding routes failed: ${res.status} ${await res.text()}`);
  }
  const count = (await apiAs<unknown[]>(page, app.url, callPath(mainCalls.routes, { c: company.id, t: 'CONSIGNOR' }))).length;

  const result = await autocannon({
    url: `${app.url}${callPath(mainCalls.routes, { c: company.id, t: 'CONSIGNOR' })}`,
    headers,
    connections: 10,
    duration: 10,
  });

  console.log('\nLego console benchmarks');
  console.log(`  initial JS, login page : ${loginJs.gzipKb} KB gzip in ${loginJs.files} files`);
  console.log(`  initial JS, /routes    : ${routesJs.gzipKb} KB gzip in ${routesJs.files} files (target 327 KB: 1.05 × a bare antd 6 app)`);
  console.log(`  GET company_routes/fetch with ${count} routes: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`);
} finally {
  await app.stop();
}
