import { describe, expect, it } from 'vitest';
import { defineCall } from '../../schemas/api/contract';
import { endpoint } from '../data/endpoint';
import { defineForm, defineList } from './define';

/** A call whose body is `{ name: string; seats?: number }`. */
const saveBus = defineCall({
  id: 'buses.save',
  service: 'main',
  envelope: 'main',
  method: 'POST',
  path: '/saas/lego/buses/save',
  summary: 'Saves a bus',
  body: {
    type: 'object',
    properties: { name: { type: 'string' }, seats: { type: 'integer' } },
    required: ['name'],
    additionalProperties: false,
  },
  answer: { type: 'null' },
});

/** A call answering the company's buses: `{ id, seats, depot: { city } }[]`. */
const buses = defineCall({
  id: 'buses.list',
  service: 'main',
  envelope: 'main',
  method: 'GET',
  path: '/saas/lego/buses',
  summary: 'The buses',
  answer: {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        seats: { type: 'integer' },
        depot: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
          additionalProperties: false,
        },
      },
      required: ['id', 'seats', 'depot'],
      additionalProperties: false,
    },
  },
});

const busForm = {
  type: 'object',
  properties: { title: { type: 'string' }, capacity: { type: 'integer' } },
  required: ['title'],
} as const;
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
    expect(
      form.toSubmission?.({ title: 'Volvo 9400', capacity: 49 }, { scope: {}, params: {}, editing: false }),
    ).toEqual({ body: { name: 'Volvo 9400', seats: 49 } });

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

  it("types the loaded record from the load call's answer (or what pick takes from it)", () => {
    const load = { endpoint: endpoint(buses), input: () => ({}), error: 'Not read' };
    const form = defineForm({
      title: { create: 'Bus' },
      schema: busForm,
      submit: { create: endpoint(saveBus) },
      messages,
      load: { ...load, pick: (rows) => rows[0] },
      toForm: (bus) => ({ title: bus.id, capacity: bus.seats }),
    });
    expect(form.toForm?.({ id: 'b1', seats: 40, depot: { city: 'Pune' } })).toEqual({ title: 'b1', capacity: 40 });

    defineForm({
      title: { create: 'Bus' },
      schema: busForm,
      submit: { create: endpoint(saveBus) },
      messages,
      load: { ...load, pick: (rows) => rows[0] },
      // @ts-expect-error a bus has no "model": the record is what the load call answers
      toForm: (bus) => ({ title: bus.model }),
    });
    defineForm({
      title: { create: 'Bus' },
      schema: busForm,
      submit: { create: endpoint(saveBus) },
      messages,
      load,
      // @ts-expect-error the answer is a list of buses, not one: without pick the record is the whole answer
      toForm: (bus: { id: string }) => ({ title: bus.id }),
    });
  });

  it("types the rows of a list from its source call's answer: fields are checked paths of the row", () => {
    const list = defineList({
      path: '/buses',
      title: 'Buses',
      source: endpoint(buses),
      rowKey: 'id',
      columns: [
        { title: 'Seats', field: 'seats' },
        { title: 'Depot', field: 'depot.city' },
        { title: 'Double', field: 'double', value: (bus) => bus.seats * 2 },
      ],
      emptyText: 'No buses',
      fetchError: 'Error',
    });
    expect(list.kind).toBe('list');
    expect(list.columns[2].value?.({ id: 'b1', seats: 21, depot: { city: 'Pune' } })).toBe(42);

    defineList({
      path: '/buses',
      title: 'Buses',
      source: endpoint(buses),
      // @ts-expect-error the rows have no "key"
      rowKey: 'key',
      // @ts-expect-error "capcity" is not a field of the rows (a typo of a new screen)
      columns: [{ title: 'Seats', field: 'capcity' }],
      emptyText: 'No buses',
      fetchError: 'Error',
    });
    defineList({
      path: '/buses',
      title: 'Buses',
      source: endpoint(buses),
      rowKey: 'id',
      // @ts-expect-error a derived column reads the row as the call answers it: it has no "model"
      columns: [{ title: 'Model', field: 'model', value: (bus) => bus.model }],
      emptyText: 'No buses',
      fetchError: 'Error',
    });
  });
});
