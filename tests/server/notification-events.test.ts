import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationCalls } from '../../schemas/api';
import { EVENT_MSG } from '../../schemas/notification-event';
import { findOnboardedEvent } from '../../server/repos/notification-event-repository';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';

/** Notification events (spec 002 sections 2.3, 5 and 7): list, onboarded list, create, status change. */

const EVENTS = notificationCalls.events.path;
const ONBOARDED = notificationCalls.onboardedEvents.path;
const SAVE = notificationCalls.saveEvent.path;

type Event = { id: number; name: string; event_status: 'ONBOARDED' | 'PENDING' };

describe.each(BACKENDS)('notification events on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  const events = async () => (await call<{ value: Event[] }>('GET', EVENTS)).body.value;
  const byName = async (name: string) => (await events()).find((e) => e.name === name);

  it('lists every event by name in {value}, and the onboarded ones apart', async () => {
    const answer = await call('GET', EVENTS);
    expect(answer.status).toBe(200);
    const all = answer.body.value as Event[];
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(all[0]).sort()).toEqual(['event_status', 'id', 'name']);
    expect(all.map((e) => e.name)).toEqual(
      [...all.map((e) => e.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(new Set(all.map((e) => e.event_status))).toEqual(new Set(['ONBOARDED', 'PENDING']));
    const onboarded = (await call('GET', ONBOARDED)).body.value as { id: number; name: string }[];
    expect(onboarded).toEqual(all.filter((e) => e.event_status === 'ONBOARDED').map(({ id, name }) => ({ id, name })));
  });

  it('asks for the desk token', async () => {
    expect((await t.call('GET', EVENTS)).status).toBe(401);
    expect((await t.call('POST', SAVE, { name: 'no.token' })).status).toBe(401);
  });

  it('creates a PENDING event', async () => {
    const created = await call('POST', SAVE, { name: 'Dock.Arrival2' });
    expect(created.status).toBe(200);
    expect(created.body.value).toEqual({ id: expect.any(Number), name: 'Dock.Arrival2', event_status: 'PENDING' });
    expect(await byName('Dock.Arrival2')).toEqual(created.body.value);
  });

  it("refuses bad and long names with the form's texts, changing nothing", async () => {
    const before = await count(t.store, 'notification_events');
    const cases: [unknown, string][] = [
      [{}, EVENT_MSG.nameRequired],
      [{ name: 'ab' }, EVENT_MSG.nameShort],
      [{ name: 'trip created' }, EVENT_MSG.nameInvalid],
      [{ name: 'trip-created' }, EVENT_MSG.nameInvalid],
      [{ name: 'trip.créé' }, EVENT_MSG.nameInvalid],
      [{ name: 'a'.repeat(101) }, EVENT_MSG.nameTooLong],
      [{ name: `${'a'.repeat(100_000)}!` }, EVENT_MSG.nameTooLong],
      [{ name: 42 }, EVENT_MSG.nameRequired],
      [{ name: 'trip\u0000x' }, ''],
      [[], EVENT_MSG.nameRequired],
    ];
    for (const [body, message] of cases) {
      const answer = await call('POST', SAVE, body);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      if (message) expect(answer.body.message).toContain(message);
    }
    expect((await call('POST', SAVE, { name: 'a'.repeat(100) })).status).toBe(200);
    expect(await count(t.store, 'notification_events')).toBe(before + 1);
  });

  it("answers a name taken, whatever its case, with 500 'Event is already created' and stores nothing", async () => {
    const before = await count(t.store, 'notification_events');
    for (const name of ['trip.created', 'TRIP.CREATED', 'Trip.Created', 'dock.arrival2']) {
      const answer = await call('POST', SAVE, { name });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ success: false, data: null, message: [EVENT_MSG.duplicate] });
    }
    expect(await count(t.store, 'notification_events')).toBe(before);
  });

  it('onboards a PENDING event, and never takes an ONBOARDED one back to PENDING', async () => {
    const pending = (await byName('geofence.entry'))!;
    expect(pending.event_status).toBe('PENDING');
    // Back and forth while it is still PENDING is allowed.
    expect((await call('POST', SAVE, { id: pending.id, event_status: 'PENDING' })).body.value).toEqual(pending);
    const onboarded = await call('POST', SAVE, { id: pending.id, event_status: 'ONBOARDED' });
    expect(onboarded.body.value).toEqual({ ...pending, event_status: 'ONBOARDED' });
    expect((await call('GET', ONBOARDED)).body.value).toContainEqual({ id: pending.id, name: 'geofence.entry' });
    const back = await call('POST', SAVE, { id: pending.id, event_status: 'PENDING' });
    expect(back.status).toBe(400);
    expect(back.body.message).toEqual([EVENT_MSG.onboardedFinal]);
    expect((await byName('geofence.entry'))!.event_status).toBe('ONBOARDED');
    expect(await findOnboardedEvent(t.store, pending.id)).toEqual({ id: pending.id, name: 'geofence.entry' });
  });

  it('refuses bad status updates: unknown id 404, bad status or id 400', async () => {
    const pending = (await byName('night.driving'))!;
    expect((await call('POST', SAVE, { id: 999_999, event_status: 'ONBOARDED' })).status).toBe(404);
    const cases: [unknown, string][] = [
      [{ id: pending.id }, EVENT_MSG.statusRequired],
      [{ id: pending.id, event_status: 'DONE' }, EVENT_MSG.statusRequired],
      [{ id: pending.id, event_status: '' }, EVENT_MSG.statusRequired],
      [{ id: 0, event_status: 'ONBOARDED' }, EVENT_MSG.badId],
      [{ id: 2 ** 31, event_status: 'ONBOARDED' }, EVENT_MSG.badId],
      [{ id: '1', event_status: 'ONBOARDED' }, EVENT_MSG.badId],
      [{ id: 1.5, event_status: 'ONBOARDED' }, EVENT_MSG.badId],
    ];
    for (const [body, message] of cases) {
      const answer = await call('POST', SAVE, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect((await byName('night.driving'))!.event_status).toBe('PENDING');
  });

  it('findOnboardedEvent finds only existing ONBOARDED events', async () => {
    const pending = (await byName('consent.pending'))!;
    const onboarded = (await byName('trip.created'))!;
    expect(await findOnboardedEvent(t.store, onboarded.id)).toEqual({ id: onboarded.id, name: 'trip.created' });
    expect(await findOnboardedEvent(t.store, pending.id)).toBeNull();
    expect(await findOnboardedEvent(t.store, 987_654)).toBeNull();
    expect(await findOnboardedEvent(t.store, 2 ** 40)).toBeNull();
  });
});
