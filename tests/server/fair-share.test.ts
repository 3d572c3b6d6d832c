import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCalls } from '../../schemas/api/platform';
import { withActor } from '../../server/store/actor';
import { createFairGate, type Release } from '../../server/store/fair-gate';
import { EVERY_BACKEND, bootFresh, type TestApp } from './helper';

/**
 * Issue 34: one busy desk never slows the others. The database's connection(s) and the worker pool's threads are
 * handed out by a fair gate (server/store/fair-gate.ts): the next work served is the oldest of the desk served
 * longest ago. Asserted by order of service, never by time.
 */

/** Runs `fn` as work of `desk` (what a request of that desk's user does). */
const asDesk = <T>(desk: string, fn: () => T): T =>
  withActor(
    () => null,
    fn,
    () => desk,
  );

/** A promise and its resolve, to hold a slot as long as a test says. */
function latch(): { promise: Promise<void>; open(): void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('the fair gate', () => {
  it("serves another desk's one work next, however many works the first desk queued", async () => {
    const gate = createFairGate({ slots: 1 });
    const served: string[] = [];
    const first = await gate.enter('a');
    const works = [
      ...Array.from({ length: 10 }, (_, i) => gate.enter('a').then((release) => ({ name: `a${i}`, release }))),
      gate.enter('b').then((release) => ({ name: 'b', release })),
    ];
    const done = Promise.all(
      works.map(async (work) => {
        const { name, release } = await work;
        served.push(name);
        release();
      }),
    );
    first();
    await done;
    expect(served.indexOf('b')).toBeLessThanOrEqual(1);
    expect(served.filter((name) => name.startsWith('a'))).toEqual(Array.from({ length: 10 }, (_, i) => `a${i}`));
  });

  it('goes round the desks that wait: a, b, c, a, b, c', async () => {
    const gate = createFairGate({ slots: 1 });
    const hold = await gate.enter('x');
    const served: string[] = [];
    const all = ['a', 'a', 'a', 'b', 'b', 'b', 'c', 'c', 'c'].map(async (desk) => {
      const release = await gate.enter(desk);
      served.push(desk);
      release();
    });
    hold();
    await Promise.all(all);
    expect(served).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b', 'c']);
  });

  it("keeps a desk under its cap while slots are free, so a later desk's work finds one", async () => {
    const gate = createFairGate({ slots: 4, deskCap: 2 });
    const held: Release[] = [];
    const a = Array.from({ length: 5 }, () => gate.enter('a').then((release) => held.push(release)));
    await Promise.all(a.slice(0, 2));
    expect(gate.stats()).toMatchObject({ inside: 2, waiting: 3, desks: { a: { inside: 2, waiting: 3 } } });
    const b = await gate.enter('b');
    expect(gate.stats().desks.b).toEqual({ inside: 1, waiting: 0 });
    b();
    // Each release lets the next of a's works in.
    for (let done = 0; done < 5; done++) {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      held.shift()?.();
    }
    await Promise.all(a);
    expect(gate.stats()).toMatchObject({ inside: 0, waiting: 0, desks: {} });
  });

  it('goes round the desks, a desk working across companies getting one turn a round', async () => {
    const gate = createFairGate({ slots: 1 });
    const hold = await gate.enter('x', 'X');
    const served: string[] = [];
    // Desk a queues works of three companies; desk b of one.
    const works = [
      ...['A', 'B', 'C', 'A', 'B', 'C'].map((company) => ({ desk: 'a', company })),
      ...['D', 'D', 'D'].map((company) => ({ desk: 'b', company })),
    ].map(async ({ desk, company }) => {
      const release = await gate.enter(desk, company);
      served.push(desk);
      release();
    });
    hold();
    await Promise.all(works);
    expect(served).toEqual(['a', 'b', 'a', 'b', 'a', 'b', 'a', 'a', 'a']);
  });

  it("keeps a company's desks under the company's cap, so another company's work finds a slot", async () => {
    const gate = createFairGate({ slots: 4, deskCap: 2 });
    expect(gate.stats().companyCap).toBe(3);
    const held: Release[] = [];
    const a = ['a1', 'a1', 'a2', 'a2', 'a3'].map((desk) => gate.enter(desk, 'A').then((release) => held.push(release)));
    await expect.poll(() => held.length).toBe(3);
    expect(gate.stats()).toMatchObject({ inside: 3, waiting: 2, companies: { A: { inside: 3, waiting: 2 } } });
    const b = await gate.enter('b1', 'B');
    expect(gate.stats().companies.B).toEqual({ inside: 1, waiting: 0 });
    b();
    for (let done = 0; done < 5; done++) {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      held.shift()?.();
    }
    await Promise.all(a);
    expect(gate.stats()).toMatchObject({ inside: 0, waiting: 0, desks: {}, companies: {} });
  });

  it('refuses the waiting works once closed', async () => {
    const gate = createFairGate({ slots: 1 });
    await gate.enter('a');
    const waiting = gate.enter('b');
    gate.close(new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
    await expect(gate.enter('c')).rejects.toThrow('closed');
  });
});

describe.each(EVERY_BACKEND)('a fair share of the database on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootFresh(backend);
  });
  afterAll(() => t?.close());

  it("answers another desk's statement before the rest of a desk's flood, and /health while every connection is held", async () => {
    const slots = t.store.connections?.().slots ?? 0;
    expect(slots).toBeGreaterThanOrEqual(1);
    // Desk a holds every connection it may (on PGlite the one), each in a transaction that waits for the test.
    const hold = latch();
    const inside: Promise<unknown>[] = [];
    let entered = 0;
    const holders = asDesk('a', () =>
      Array.from({ length: slots }, () =>
        t.store.tx(async (q) => {
          entered++;
          await q.query('select 1');
          await hold.promise;
        }),
      ),
    );
    inside.push(...holders);
    const cap = t.store.connections?.().deskCap ?? 1;
    await expect.poll(() => t.store.connections?.().desks.a?.inside ?? 0).toBe(Math.min(slots, cap));
    // Then twenty more statements of desk a, and one of desk b.
    const order: string[] = [];
    try {
      const flood = asDesk('a', () =>
        Array.from({ length: 20 }, (_, i) => t.store.query('select $1::int as n', [i]).then(() => order.push(`a${i}`))),
      );
      const other = asDesk('b', () => t.store.one('select 2 as n').then(() => order.push('b')));
      if (slots === 1) {
        // (Besides the jobs' own statements, which wait as the system's.)
        await expect.poll(() => t.store.connections?.().desks).toMatchObject({ a: { waiting: 20 }, b: { waiting: 1 } });
        // The process answers while the database is held.
        expect(await t.call('GET', platformCalls.health.path)).toMatchObject({ status: 200, body: { status: 'ok' } });
      } else {
        // On PostgreSQL desk a is at its cap: b's statement is answered while a's transactions still hold theirs.
        await other;
        expect(order).toEqual(['b']);
      }
      hold.open();
      await Promise.all([...inside, ...flood, other]);
    } finally {
      // However the test went, the holders end (else closing the store refuses what still waits).
      hold.open();
      await Promise.allSettled(inside);
    }
    expect(entered).toBe(slots);
    expect(order.indexOf('b')).toBeLessThanOrEqual(1);
  });

  it('/health/ready says the database answered, with the connections, the pool and the jobs', async () => {
    const ready = await t.call('GET', platformCalls.ready.path);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: 'ready',
      database: { answered: true, connections: { slots: t.store.connections?.().slots } },
      jobs: { queued: expect.any(Number), active: expect.any(Number) },
    });
  });
});
