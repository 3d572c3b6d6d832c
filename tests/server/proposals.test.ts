import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCalls } from '../../schemas/api';
import type { Contract } from '../../schemas/api/contract';
import { proposalCalls } from '../../schemas/api/proposals';
import { callsOf } from '../../schemas/api/resources';
import { COPY_RESOURCE, PROPOSAL_MAX_AGE_DAYS, PROPOSAL_MSG } from '../../schemas/proposal';
import { holidays } from '../../schemas/resources/holidays';
import { alerts } from '../../schemas/resources/alerts';
import { ACCESS_KEY } from '../../schemas/access-key';
import { dataCalls } from '../../schemas/api/data';
import { configCopyCalls } from '../../schemas/api/config-copy';
import { callPath } from '../e2e/harness';
import { BACKENDS, bootFresh, count, dataFailure, type Call, type TestApp } from './helper';

const calls = callsOf(holidays);
const TATA = { c: '1001' };
const HUL = { c: '1002' };

/** A proposal's call's path, with the scope in its query. */
const at = (call: Contract, scope: Record<string, string>, id: string) => callPath(call, scope, { id });

/**
 * Issue 39: a change is proposed by one desk, reviewed by another (never by its proposer), and applied once as one
 * change set of the audit log; a record changed since it was proposed fails the apply, naming who changed it, and
 * nothing is written; another company's proposal is out of reach.
 */
describe.each(BACKENDS)('proposals on $name', (backend) => {
  let t: TestApp;
  /** The proposer (Priya Sharma) and the reviewer (Meera Nair), each at a desk of their own. */
  let priya: Call;
  let meera: Call;

  /** The sweep's clock (epoch ms), which the test moves past a scheduled proposal's time. */
  let now = Date.now();

  beforeAll(async () => {
    t = await bootFresh(backend, { jobs: { now: () => now } });
    priya = (await t.login('ops@demo.local')).call;
    meera = (await t.login('ops2@demo.local')).call;
  });
  afterAll(async () => t?.close());

  /** The stored holiday `id` with its ETag's version. */
  const holiday = async (id: string) => {
    const read = await priya('GET', callPath(calls.byId, TATA, { id }));
    return { record: read.body.data, version: Number(JSON.parse(String(read.headers.etag))) };
  };

  /** The notices of proposal `id` mailed (into the outbox), oldest first. */
  const mailsOf = (id: string) =>
    t.store.query<{ to: string; subject: string }>(
      `select "to", subject from outbox where body like '%' || $1 || '%' order by seq`,
      [id],
    );

  const propose = (call: Call, scope: Record<string, string>, items: unknown[], title = 'Holiday changes') =>
    call('POST', callPath(proposalCalls.propose, scope), { title, comment: 'For the new year', items });

  it("has the demo's proposal waiting: Meera's, for Priya to review, in words", async () => {
    const read = await priya('GET', at(proposalCalls.get, TATA, 'prp_tsl_holi'));
    expect(read.body.data.proposal).toMatchObject({
      state: 'proposed',
      proposedByName: 'Meera Nair',
      title: 'No alerts on Holi',
    });
    expect(read.body.data.changes).toEqual([
      {
        item: 0,
        resource: 'Holiday Calendar',
        action: 'update',
        record: 'Holi · 2027-03-22',
        fields: [{ field: 'No alerts that day', before: 'false', after: 'true' }],
      },
    ]);
    // Priya's badge counts it; Meera's (her own proposal) does not.
    expect((await priya('GET', callPath(proposalCalls.waiting, TATA))).body.data).toEqual({ review: 1, approved: 0 });
    expect((await meera('GET', callPath(proposalCalls.waiting, TATA))).body.data).toEqual({ review: 0, approved: 0 });
    const waiting = await priya('GET', callPath(proposalCalls.list, { ...TATA, state: 'proposed' }));
    expect(waiting.body.data.map((p: { id: string }) => p.id)).toContain('prp_tsl_holi');
  });

  it('proposes without applying, is reviewed by another desk only, then applied once as one change set', async () => {
    const { version } = await holiday('hol_tsl_holi');
    const before = await count(t.store, 'holidays');
    const proposed = await propose(priya, TATA, [
      {
        resource: 'holidays',
        action: 'update',
        id: 'hol_tsl_holi',
        version,
        body: { name: 'Holi (Dhulandi)', date: '2027-03-22', region: 'All India', noAlerts: true },
      },
      {
        resource: 'holidays',
        action: 'create',
        body: { name: 'Pongal', date: '2027-01-14', region: 'Tamil Nadu', noAlerts: false },
      },
    ]);
    expect(proposed.status).toBe(200);
    const id: string = proposed.body.data.id;
    expect(proposed.body.data).toMatchObject({
      state: 'proposed',
      proposedByName: 'Priya Sharma',
      title: 'Holiday changes',
    });
    // Nothing applied yet.
    expect(await count(t.store, 'holidays')).toBe(before);
    // The company's reviewers are told by e-mail (the outbox here), the proposer not.
    const told = await mailsOf(id);
    expect(told).toContainEqual(
      expect.objectContaining({ to: 'ops2@demo.local', subject: 'Change proposed for your review: Holiday changes' }),
    );
    expect(told.map((mail) => mail.to)).not.toContain('ops@demo.local');
    expect((await holiday('hol_tsl_holi')).record.name).toBe('Holi');

    // The reviewer reads it in words: the record and each field now and as proposed.
    const read = await meera('GET', at(proposalCalls.get, TATA, id));
    expect(read.body.data.changes).toEqual([
      {
        item: 0,
        resource: 'Holiday Calendar',
        action: 'update',
        record: 'Holi · 2027-03-22',
        fields: [
          { field: 'Name', before: 'Holi', after: 'Holi (Dhulandi)' },
          { field: 'No alerts that day', before: 'false', after: 'true' },
        ],
      },
      expect.objectContaining({ item: 1, action: 'create', record: null }),
    ]);
    const listed = await meera('GET', callPath(proposalCalls.list, { ...TATA, state: 'proposed' }));
    expect(listed.body.data.map((p: { id: string }) => p.id)).toContain(id);

    // The four eyes: the proposer neither approves nor applies an unapproved one.
    const own = await priya('POST', at(proposalCalls.decide, TATA, id), { decision: 'approve' });
    expect(own).toMatchObject({ status: 403, body: { message: [PROPOSAL_MSG.ownDecision] } });
    expect((await meera('POST', at(proposalCalls.apply, TATA, id))).status).toBe(409);
    const approved = await meera('POST', at(proposalCalls.decide, TATA, id), { decision: 'approve', comment: 'Fine' });
    expect(approved.body.data).toMatchObject({
      state: 'approved',
      decidedByName: 'Meera Nair',
      decisionComment: 'Fine',
    });
    expect((await meera('POST', at(proposalCalls.decide, TATA, id), { decision: 'reject' })).status).toBe(409);

    const applied = await meera('POST', at(proposalCalls.apply, TATA, id));
    expect(applied.body.data).toMatchObject({ state: 'applied', changeSet: expect.stringMatching(/^cs_/) });
    expect((await holiday('hol_tsl_holi')).record).toMatchObject({ name: 'Holi (Dhulandi)', noAlerts: true });
    expect(await count(t.store, 'holidays')).toBe(before + 1);
    // Once: a second apply writes nothing more.
    expect((await meera('POST', at(proposalCalls.apply, TATA, id))).status).toBe(409);
    expect(await count(t.store, 'holidays')).toBe(before + 1);

    // One change set of two entries in the audit log, named after the proposal.
    const log = await meera('GET', callPath(auditCalls.list, { ...TATA, objectType: 'holiday' }));
    const entries = log.body.data.rows.filter(
      (row: { changeSet: string | null }) => row.changeSet === applied.body.data.changeSet,
    );
    expect(entries).toHaveLength(2);
    expect(entries[0].provenance).toMatchObject({ kind: 'proposal', proposal: { id, title: 'Holiday changes' } });
    // The proposer was told of the approval and the apply.
    const subjects = (await mailsOf(id)).filter((mail) => mail.to === 'ops@demo.local').map((mail) => mail.subject);
    expect(subjects).toEqual(['Your change was approved: Holiday changes', 'Your change was applied: Holiday changes']);
  });

  it('fails the apply of a record changed since it was proposed, naming who changed it, and writes nothing', async () => {
    const { record, version } = await holiday('hol_tsl_diwali');
    const proposed = await propose(priya, TATA, [
      {
        resource: 'holidays',
        action: 'update',
        id: 'hol_tsl_diwali',
        version,
        body: { ...fields(record), name: 'Deepavali' },
      },
      {
        resource: 'holidays',
        action: 'create',
        body: { name: 'Onam', date: '2027-08-25', region: 'Kerala', noAlerts: false },
      },
    ]);
    const id: string = proposed.body.data.id;
    await meera('POST', at(proposalCalls.decide, TATA, id), { decision: 'approve' });
    // Meanwhile another desk saves the record.
    const changed = await meera('PUT', callPath(calls.update, TATA, { id: 'hol_tsl_diwali' }), {
      ...fields(record),
      region: 'Pan India',
    });
    expect(changed.status).toBe(200);
    const before = await count(t.store, 'holidays');
    const applied = await meera('POST', at(proposalCalls.apply, TATA, id));
    expect(applied.status).toBe(409);
    expect(applied.body.message[0]).toMatch(
      /^Holiday hol_tsl_diwali was changed since by Meera Nair on .*: nothing was applied$/,
    );
    expect(await count(t.store, 'holidays')).toBe(before);
    expect((await holiday('hol_tsl_diwali')).record).toMatchObject({ name: 'Diwali', region: 'Pan India' });
    const failed = await meera('GET', at(proposalCalls.get, TATA, id));
    expect(failed.body.data.proposal).toMatchObject({ state: 'failed', error: applied.body.message[0] });
  });

  it('applies once when two desks apply it at the same moment', async () => {
    const proposed = await propose(priya, TATA, [
      {
        resource: 'holidays',
        action: 'create',
        body: { name: 'Bihu', date: '2027-04-14', region: 'Assam', noAlerts: false },
      },
    ]);
    const id: string = proposed.body.data.id;
    await meera('POST', at(proposalCalls.decide, TATA, id), { decision: 'approve' });
    const before = await count(t.store, 'holidays');
    const both = await Promise.all([
      meera('POST', at(proposalCalls.apply, TATA, id)),
      priya('POST', at(proposalCalls.apply, TATA, id)),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await count(t.store, 'holidays')).toBe(before + 1);
  });

  it('applies a proposal scheduled ahead once it is due, in the sweep, once however many instances sweep', async () => {
    const proposed = await propose(priya, TATA, [
      {
        resource: 'holidays',
        action: 'create',
        body: { name: 'Lohri', date: '2027-01-13', region: 'Punjab', noAlerts: false },
      },
    ]);
    const id: string = proposed.body.data.id;
    await meera('POST', at(proposalCalls.decide, TATA, id), { decision: 'approve' });
    const when = Date.now() + 3_600_000;
    const scheduled = await meera('POST', at(proposalCalls.apply, TATA, id), { at: when });
    expect(scheduled.body.data).toMatchObject({ state: 'scheduled', applyAt: when });
    const before = await count(t.store, 'holidays');
    now = when - 1;
    await t.app.jobs.sweep();
    expect(await count(t.store, 'holidays')).toBe(before);
    // Due: three sweeps at once (as of several instances) apply it once.
    now = when;
    await Promise.all([t.app.jobs.sweep(), t.app.jobs.sweep(), t.app.jobs.sweep()]);
    expect(await count(t.store, 'holidays')).toBe(before + 1);
    const applied = (await meera('GET', at(proposalCalls.get, TATA, id))).body.data.proposal;
    expect(applied).toMatchObject({ state: 'applied', changeSet: expect.stringMatching(/^cs_/) });
    // As the desk that scheduled it, in the audit log.
    const log = await meera('GET', callPath(auditCalls.list, { ...TATA, objectType: 'holiday' }));
    const entry = log.body.data.rows.find((row: { changeSet: string }) => row.changeSet === applied.changeSet);
    expect(entry).toMatchObject({ userName: 'Meera Nair', call: 'proposals.apply' });
  });

  it('expires a proposal left waiting past its age; a scheduled one keeps its time', async () => {
    const waiting: string = (
      await propose(priya, TATA, [
        {
          resource: 'holidays',
          action: 'create',
          body: { name: 'Ugadi', date: '2027-04-07', region: 'Karnataka', noAlerts: false },
        },
      ])
    ).body.data.id;
    now = Date.now() + (PROPOSAL_MAX_AGE_DAYS + 1) * 86_400_000;
    await t.app.jobs.sweep();
    const expired = (await meera('GET', at(proposalCalls.get, TATA, waiting))).body.data.proposal;
    expect(expired.state).toBe('expired');
    expect((await meera('POST', at(proposalCalls.decide, TATA, waiting), { decision: 'approve' })).status).toBe(409);
    now = Date.now();
  });

  it('checks each change as its own call would, and withdraws by the proposer only', async () => {
    const bad = await propose(priya, TATA, [
      { resource: 'holidays', action: 'create', body: { name: '', date: 'soon', region: 'All India', noAlerts: 1 } },
      { resource: 'nothing', action: 'create', body: {} },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message[0]).toMatch(/^Change 1: /);
    // A change that names no version is held to its record's version when proposed.
    const { version } = await holiday('hol_tsl_karam');
    const unversioned = await propose(priya, TATA, [{ resource: 'holidays', action: 'remove', id: 'hol_tsl_karam' }]);
    expect(unversioned.body.data.items[0]).toMatchObject({ id: 'hol_tsl_karam', version });
    await priya('POST', at(proposalCalls.withdraw, TATA, unversioned.body.data.id));

    const id: string = (
      await propose(priya, TATA, [{ resource: 'holidays', action: 'remove', id: 'hol_tsl_karam', version }])
    ).body.data.id;
    expect((await meera('POST', at(proposalCalls.withdraw, TATA, id))).status).toBe(403);
    expect((await priya('POST', at(proposalCalls.withdraw, TATA, id))).body.data.state).toBe('withdrawn');
    expect((await meera('POST', at(proposalCalls.decide, TATA, id), { decision: 'approve' })).status).toBe(409);
  });

  it("keeps proposals to their company: another company's record is not proposed, nor its proposal read or decided", async () => {
    const { version } = await holiday('hol_tsl_holi');
    // Tata's holiday proposed from HUL's scope: not HUL's record.
    const across = await propose(priya, HUL, [{ resource: 'holidays', action: 'remove', id: 'hol_tsl_holi', version }]);
    expect(across.status).toBe(404);
    const id: string = (
      await propose(priya, TATA, [{ resource: 'holidays', action: 'remove', id: 'hol_tsl_holi', version }])
    ).body.data.id;
    expect((await meera('GET', at(proposalCalls.get, HUL, id))).status).toBe(404);
    expect((await meera('POST', at(proposalCalls.decide, HUL, id), { decision: 'approve' })).status).toBe(404);
    expect((await priya('POST', at(proposalCalls.withdraw, HUL, id))).status).toBe(404);
    expect((await meera('POST', at(proposalCalls.apply, HUL, id))).status).toBe(404);
    expect((await meera('GET', at(proposalCalls.get, TATA, id))).body.data.proposal.state).toBe('proposed');
    const hulList = await meera('GET', callPath(proposalCalls.list, HUL));
    expect(hulList.body.data.map((p: { id: string }) => p.id)).not.toContain(id);
  });

  it("requires review of the areas a company names: their calls refused (409), an upload's rows too, proposals applied", async () => {
    const set = await priya('PUT', callPath(proposalCalls.setReviewAreas, HUL), { areas: ['alerts', 'holidays'] });
    expect(set.status).toBe(200);
    const required = set.body.data.filter((area: { required: boolean }) => area.required);
    expect(required).toEqual([
      expect.objectContaining({ resource: 'alerts', title: 'Alert settings', setByName: 'Priya Sharma' }),
      expect.objectContaining({ resource: 'holidays', title: 'Holiday Calendar' }),
    ]);
    // Only areas a proposal can change may be required (else nothing could change them).
    const unproposable = await priya('PUT', callPath(proposalCalls.setReviewAreas, HUL), { areas: ['knownPlaces'] });
    expect(unproposable).toMatchObject({ status: 400, body: { message: [PROPOSAL_MSG.areas] } });

    // The calls of a reviewed area are refused, whoever sends them; another company's are not.
    // A region of its own: a database kept between runs (PostgreSQL's) may hold an earlier run's Bihu.
    const holiday = { name: 'Bihu', date: '2027-04-14', region: `Assam ${Date.now() % 1_000_000}`, noAlerts: false };
    const created = await priya('POST', callPath(calls.create, HUL), holiday);
    expect(created).toMatchObject({
      status: 409,
      body: { message: [PROPOSAL_MSG.reviewRequired('Holiday Calendar')] },
    });
    expect((await priya('POST', callPath(calls.create, TATA), holiday)).body).toMatchObject({ success: true });
    const alertCalls = callsOf(alerts);
    const alert = 'alc_1002_untracked';
    const toggle = await meera('POST', callPath(alertCalls.toggle, { companyId: '1002' }), {
      alertId: alert,
      key: ACCESS_KEY,
    });
    expect(toggle.body).toEqual(dataFailure(PROPOSAL_MSG.reviewRequired('Alert settings')));
    const tickets = await meera('POST', callPath(dataCalls.toggleAlertTickets, { companyId: '1002' }), {
      alertId: alert,
      key: ACCESS_KEY,
    });
    expect(tickets.status).toBe(409);
    // The bulk upload answers per row: HUL's row refused, Tata's saved.
    const rows = [
      { CompanyId: '1002', Alert_Name: 'diversion', enable_ticket: false },
      { CompanyId: '1001', Alert_Name: 'temperature_breached', enable_ticket: false },
    ];
    const uploaded = await meera('POST', callPath(dataCalls.setAlerts, { key: ACCESS_KEY }), rows);
    expect(uploaded.body.result.data).toEqual([
      expect.objectContaining({ index: 0, status: 'Error', message: PROPOSAL_MSG.reviewRequired('Alert settings') }),
      expect.objectContaining({ index: 1, status: 'Success' }),
    ]);

    // Proposed instead: an alert's switch and settings, applied once approved.
    const stored = () =>
      t.store.one<{ enabled: boolean; version: number }>('select enabled, version from alert_configs where id = $1', [
        alert,
      ]);
    expect(await stored()).toEqual({ enabled: false, version: 1 });
    const extraContext = JSON.stringify([{ ticketing: { raise_ticket: false }, interrupted_auto_min: 45 }]);
    const id: string = (
      await propose(priya, HUL, [
        { resource: 'alerts', action: 'update', id: alert, version: 1, body: { enabled: true, extraContext } },
      ])
    ).body.data.id;
    const read = await meera('GET', at(proposalCalls.get, HUL, id));
    expect(read.body.data.changes[0]).toMatchObject({
      resource: 'Alert settings',
      // The settings kept as JSON, a value at a time: only those that change.
      fields: [
        { field: 'Enabled', before: 'false', after: 'true' },
        { field: 'Settings: interrupted_auto_min', before: '90', after: '45' },
      ],
    });
    await meera('POST', at(proposalCalls.decide, HUL, id), { decision: 'approve' });
    expect((await meera('POST', at(proposalCalls.apply, HUL, id))).body.data.state).toBe('applied');
    expect(await stored()).toEqual({ enabled: true, version: 2 });
    // A new config (the form's or the sheet's row) is proposed as a create, and made when applied.
    const newConfig: string = (
      await propose(priya, HUL, [
        {
          resource: 'alerts',
          action: 'create',
          body: { featureKey: 'diversion', enabled: true, extraContext: '[{"ticketing":{"raise_ticket":false}}]' },
        },
      ])
    ).body.data.id;
    await meera('POST', at(proposalCalls.decide, HUL, newConfig), { decision: 'approve' });
    expect((await meera('POST', at(proposalCalls.apply, HUL, newConfig))).body.data.state).toBe('applied');
    const diversion = await t.store.query(
      `select id from alert_configs where company_id = '1002' and feature_key = 'diversion' and branch_id is null`,
    );
    expect(diversion).toHaveLength(1);

    // Nor is a copy applied into it at once: it is proposed instead.
    const copy = { c: '1001', tc: '1002', items: [{ area: 'holidays' }] };
    const preview = await priya('POST', callPath(configCopyCalls.copyPreview, {}), copy);
    expect(preview.status).toBe(200);
    const copied = await priya('POST', callPath(configCopyCalls.copyApply, {}), {
      ...copy,
      token: preview.body.data.token,
    });
    expect(copied).toMatchObject({ status: 409, body: { message: [PROPOSAL_MSG.reviewRequired('Holiday Calendar')] } });

    await priya('PUT', callPath(proposalCalls.setReviewAreas, HUL), { areas: [] });
    expect((await priya('POST', callPath(calls.create, HUL), holiday)).status).toBe(200);
  });

  it("proposes Compare and Copy's preview into the target company: reviewed as the copy's changes, applied once, refused when stale", async () => {
    const ULTRATECH = { c: '1003' };
    const copy = { resource: COPY_RESOURCE, action: 'create', body: { c: '1001', items: [{ area: 'autoClosure' }] } };
    const first: string = (await propose(priya, ULTRATECH, [copy], "Tata's auto closure")).body.data.id;
    const second: string = (await propose(priya, ULTRATECH, [copy], "Tata's auto closure again")).body.data.id;
    const read = await meera('GET', at(proposalCalls.get, ULTRATECH, first));
    expect(read.body.data.changes.length).toBeGreaterThan(0);
    expect(read.body.data.changes[0]).toMatchObject({ item: 0, resource: 'Auto closure' });
    // Nothing copied yet; once approved, applied as one change set of the target company.
    for (const id of [first, second])
      await meera('POST', at(proposalCalls.decide, ULTRATECH, id), { decision: 'approve' });
    const applied = await meera('POST', at(proposalCalls.apply, ULTRATECH, first));
    expect(applied.body.data.state).toBe('applied');
    const log = await meera('GET', callPath(auditCalls.list, { ...ULTRATECH, objectType: 'auto_closure' }));
    const entries = log.body.data.rows.filter(
      (row: { changeSet: string | null }) => row.changeSet === applied.body.data.changeSet,
    );
    expect(entries.length).toBe(read.body.data.changes.length);
    // The second was planned on the target as it was: it fails, and writes nothing.
    const stale = await meera('POST', at(proposalCalls.apply, ULTRATECH, second));
    expect(stale).toMatchObject({ status: 409, body: { message: [PROPOSAL_MSG.copyChanged('company 1001')] } });
    // Another company's source is named as the copy calls name it: out of reach is 404.
    const across = await propose(priya, ULTRATECH, [
      { ...copy, body: { c: 'nope', items: [{ area: 'autoClosure' }] } },
    ]);
    expect(across.status).toBe(404);
  });

  it("proposes a notification configuration as its save sends it, applied by the save's rules; never a secret", async () => {
    const events: { id: number }[] = (await priya('GET', '/notification/onboarded-events')).body.value;
    const configured = await t.store.query<{ event: number }>(
      `select event_id::int as event from notification_configs where company_id = '1001' and mode = 'SMS'`,
    );
    const event = events.find((candidate) => !configured.some((row) => row.event === candidate.id));
    const payload = {
      customerConfigId: null,
      companyId: 1001,
      eventId: event?.id,
      mode: 'SMS',
      mobilenumbers: '9876543210',
      body: 'Trip {{trip_id}} left',
    };
    const proposed = await propose(priya, TATA, [{ resource: 'notifications', action: 'create', body: payload }]);
    expect(proposed.status).toBe(200);
    const id: string = proposed.body.data.id;
    const read = await meera('GET', at(proposalCalls.get, TATA, id));
    expect(read.body.data.changes[0]).toMatchObject({ resource: 'Notification configurations', action: 'create' });
    expect(read.body.data.changes[0].fields).toContainEqual({
      field: 'Configuration: mobilenumbers',
      before: null,
      after: '9876543210',
    });
    await meera('POST', at(proposalCalls.decide, TATA, id), { decision: 'approve' });
    expect((await meera('POST', at(proposalCalls.apply, TATA, id))).body.data.state).toBe('applied');
    const stored = await t.store.query('select id from notification_configs where company_id = $1 and event_id = $2', [
      '1001',
      event?.id,
    ]);
    expect(stored).toHaveLength(1);

    // A secret is saved directly, never kept in a proposal; another company's payload is not this company's change.
    const secret = { ...payload, mode: 'WEBHOOKS', url: 'https://hooks.example.com/in', method: 'POST', body: '{}' };
    const withPassword = { ...secret, contentType: 'JSON', authType: 'BASIC', user: 'u', password: 'p4ss' };
    const refused = await propose(priya, TATA, [{ resource: 'notifications', action: 'create', body: withPassword }]);
    expect(refused.status).toBe(400);
    expect(refused.body.message[0]).toMatch(/secret/);
    const across = await propose(priya, HUL, [{ resource: 'notifications', action: 'create', body: payload }]);
    expect(across.status).toBe(400);

    // Reviewed, its save is refused as any write of the area.
    await priya('PUT', callPath(proposalCalls.setReviewAreas, TATA), { areas: ['notifications'] });
    const other = events.find(
      (candidate) => candidate.id !== event?.id && !configured.some((row) => row.event === candidate.id),
    );
    const direct = await priya('POST', '/notification/save-configuration', { ...payload, eventId: other?.id });
    expect(direct).toMatchObject({
      status: 409,
      body: { message: [PROPOSAL_MSG.reviewRequired('Notification configurations')] },
    });
    await priya('PUT', callPath(proposalCalls.setReviewAreas, TATA), { areas: [] });
  });

  it("proposes a setting as its save sends it: the scope's record of its key, changed in place once applied", async () => {
    const FP = '/v1/lego/feature-permission';
    const item = {
      resource: 'featureSettings',
      action: 'update',
      id: 'map_view',
      body: { companyId: '1001', extraContext: { join_locations_with_arrow: true, show_trail: true } },
    };
    const proposed = await propose(priya, TATA, [item], 'Arrows on the map');
    expect(proposed.status).toBe(200);
    expect(proposed.body.data.items[0]).toMatchObject({ id: 'map_view', version: expect.any(Number) });
    const id: string = proposed.body.data.id;
    const read = await meera('GET', at(proposalCalls.get, TATA, id));
    expect(read.body.data.changes[0]).toMatchObject({
      resource: 'Feature settings',
      fields: [{ field: 'Settings: join_locations_with_arrow', before: 'false', after: 'true' }],
    });
    // A key's own rules hold: the last mile threshold is a number.
    const bad = await propose(priya, TATA, [
      { ...item, id: 'tripAlerts', body: { companyId: '1001', extraContext: { lastMileThreshold: 'far' } } },
    ]);
    expect(bad.status).toBe(400);
    await meera('POST', at(proposalCalls.decide, TATA, id), { decision: 'approve' });
    expect((await meera('POST', at(proposalCalls.apply, TATA, id))).body.data.state).toBe('applied');
    const stored = (await priya('GET', `${FP}/map_view/get?companyId=1001`)).body.data;
    expect(JSON.parse(stored[0].extraContext)).toEqual({ join_locations_with_arrow: true, show_trail: true });
  });
});

/** A holiday's fields as a body sends them (its id, branch and stamps left out). */
function fields(record: Record<string, unknown>) {
  const { name, date, region, noAlerts } = record;
  return { name, date, region, noAlerts };
}
