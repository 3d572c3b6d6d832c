import { describe, expect, it } from 'vitest';
import { definitionOf, definitionSummary, filterOperation, reportInputOf, storedDefinition } from './report-definition';

const daily = {
  email_recipients: 'ops@demo.local,control.tower@tatasteel.example',
  company_id: '1001',
  schedule: { cron: '0 0 3 * * ?', type: 'DAILY' },
};

describe('a stored report definition', () => {
  it('is read from the object or its JSON text, checked by the schema it was saved under', () => {
    expect(definitionOf(daily)).toEqual(daily);
    expect(definitionOf(JSON.stringify(daily))).toEqual(daily);
    expect(storedDefinition(JSON.stringify(daily))).toEqual(daily);
  });

  it('is not one when it breaks the schema or is not JSON: undefined, or an error where one must be there', () => {
    for (const stored of [
      '{broken',
      '"text"',
      null,
      { ...daily, schedule: { cron: '' } },
      { email_recipients: 'a@x.in' },
    ])
      expect(definitionOf(stored)).toBeUndefined();
    expect(() => storedDefinition('{broken')).toThrow('not one the report service takes');
  });

  it('gives a report its branch, params and filters, checked as they are read (the rest is not read)', () => {
    const params = {
      'date.alert.closed.close_time.duration_mins': 600,
      'date.alert.inprogress.start_time.duration_mins': 45000,
      'date.trip.constraint.value': 48,
      event: ['long_stoppage'],
      tripStatus: [1, 0],
    };
    expect(reportInputOf({ branch_id: null })).toEqual({ branch_id: null });
    expect(reportInputOf(JSON.stringify({ params, filters: [{ key: 'alert_type', in: ['a'] }] }))).toEqual({
      params,
      filters: [{ key: 'alert_type', in: ['a'] }],
    });
    expect(() => reportInputOf({ params: { ...params, event: 'long_stoppage' } })).toThrow('not readable');
  });

  it('shows its recipients and cron in a list, each read on its own', () => {
    expect(definitionSummary(daily)).toEqual({ recipients: daily.email_recipients, cron: '0 0 3 * * ?' });
    expect(definitionSummary(JSON.stringify({ email_recipients: 'c@x.in' }))).toEqual({ recipients: 'c@x.in' });
    expect(definitionSummary({ email_recipients: 5, schedule: { cron: 7 } })).toEqual({});
    expect(definitionSummary('{broken')).toEqual({});
  });

  it("names a filter's operator and the value it compares with", () => {
    expect(filterOperation({ key: 'alert_type', in: ['a', 'b'] })).toEqual(['in', ['a', 'b']]);
    expect(filterOperation({ key: 'current_escalation_level', gte: 1 })).toEqual(['gte', 1]);
    expect(filterOperation({ key: 'alert_type' })).toBeUndefined();
  });
});
