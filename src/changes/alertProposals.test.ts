import { describe, expect, it } from 'vitest';
import { alertCreateItem, alertRowItems } from './alertProposals';

describe('alert proposals', () => {
  it('makes a bulk row a new config: its alert, on, its settings with the ticket flag first', () => {
    expect(alertCreateItem({ CompanyId: '1001', Alert_Name: 'long_stoppage', longstoppage_l1_short: 45 })).toEqual({
      resource: 'alerts',
      action: 'create',
      body: {
        featureKey: 'long_stoppage',
        enabled: true,
        extraContext: JSON.stringify([{ ticketing: { raise_ticket: false }, longstoppage_l1: { short: 45 } }]),
      },
    });
  });

  it("refuses a sheet with another company's row, and one longer than a proposal holds", () => {
    const row = (n: number, CompanyId: string) => ({ row: n, values: { CompanyId, Alert_Name: 'untracked' } });
    expect(alertRowItems([row(1, '1001'), row(2, '1002')], '1001')).toBe(
      'Row 2 is for company 1002: a proposal changes the company chosen above only',
    );
    expect(
      alertRowItems(
        Array.from({ length: 51 }, (_, i) => row(i + 1, '1001')),
        '1001',
      ),
    ).toMatch(/at most 50/);
    expect(alertRowItems([row(1, '1001')], '1001')).toHaveLength(1);
  });
});
