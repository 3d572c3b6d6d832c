import { describe, expect, it } from 'vitest';
import { defineCall } from '../schemas/api/contract';
import { endpoint } from './data/endpoint';
import { defineForm, defineList } from './define';

/** A call whose body is `{ name: string; seats?: number }`. */
const saveBus = defineCall({
  id: 'buses.save',
  service: 'main',
  envelope: 'main',
  method: 'POST',
  path: '/saas/lego/buses/save',
  summary: 'Saves a bus',
  body: { type: 'object', properties: { name: { type: 'string' }, seats: { type: 'integer' } }, required: ['name'], additionalProperties: false },
});

const busForm = { type: 'object', properties: { title: { type: 'string' }, capacity: { type: 'integer' } }, required: ['title'] } as const;
const messages = { created: 'Saved', createError: 'Not saved' };

// The type checker runs over this file (npm run typecheck): each @ts-expect-error must meet an error, or the check fails.
describe('typed screen configs', () => {
  it('types the form data from the schema and checks the body against the submit call', () => {
    const form = defineForm({
      title: { create: 'Bus' },
      schema: busForm,
      submit: { create: endpoint(saveBus) },
      messages,
      toSubmission: (data) => ({ body: { name: data.title, seats: data.capacity } }),
    });
    expect(form.kind).toBe('form');
    expect(form.toSubmission?.({ title: 'Volvo 9400', capacity: 49 }, { scope: {}, params: {}, editing: false })).toEqual({ body: { name: 'Volvo 9400', seats: 49 } });

    defineForm({
      title: { create: 'Bus' },
      schema: busForm,
      submit: { create: endpoint(saveBus) },
      messages,
      // @ts-expect-error the body lacks the call's required name
      toSubmission: (data) => ({ body: { seats: data.capacity } }),
    });
    defineForm({
      title: { create: 'Bus' },
      schema: busForm,
      submit: { create: endpoint(saveBus) },
      messages,
      // @ts-expect-error the form has no field "model"
      toSubmission: (data) => ({ body: { name: data.model } }),
    });
    defineForm({
      title: { create: 'Bus' },
      schema: busForm,
      submit: { create: endpoint(saveBus) },
      messages,
      // @ts-expect-error an annotation narrower than the schema's data is refused, not taken as a cast
      toSubmission: (data: { title: 'Volvo' }) => ({ body: { name: data.title } }),
    });
  });

  it('types the rows of a list from its functions', () => {
    type Bus = { id: string; seats: number };
    const list = defineList({
      path: '/buses',
      title: 'Buses',
      source: endpoint(saveBus),
      rowKey: 'id',
      columns: [{ title: 'Seats', field: 'seats', value: (bus: Bus) => bus.seats * 2 }],
      emptyText: 'No buses',
      fetchError: 'Error',
    });
    expect(list.kind).toBe('list');
    expect(list.columns[0].value?.({ id: 'b1', seats: 21 })).toBe(42);
  });
});
