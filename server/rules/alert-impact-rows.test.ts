import { describe, expect, it } from 'vitest';
import { IMPACT_MSG, alertRowOfConfig } from '../../schemas/alert-impact';
import { alertExtraContext } from '../../schemas/alert-bulk';
import { configsOfRows, configsOfStored } from './alert-impact-rows';

const SCOPE = { companyId: '1001', branchId: null };

describe('alert impact rows', () => {
  it('reads a stored configuration back as the sheet row that stores it', () => {
    const row = {
      CompanyId: '1001',
      Alert_Name: 'long_stoppage' as const,
      enable_ticket: true,
      emailId_level_one: 'a@example.com',
      longstoppage_l1_short: 30,
      longstoppage_l1_mid: 60,
      longstoppage_l2_long: 240,
    };
    const { CompanyId: _company, ...settings } = row;
    expect(alertRowOfConfig('long_stoppage', alertExtraContext(row))).toEqual(settings);
  });

  it("types a seeded configuration's values by their columns, and leaves out what the sheet has no column for", () => {
    expect(alertRowOfConfig('over_speeding', JSON.stringify([{ config_one: 70, Buffer: '5', colour: 'red' }]))).toEqual(
      {
        Alert_Name: 'over_speeding',
        config_one: '70',
        Buffer: 5,
      },
    );
    expect(alertRowOfConfig('diversion', 'not json')).toEqual({ Alert_Name: 'diversion' });
  });

  it('proposes what setAlerts would store, enabled unless said otherwise', () => {
    const values = { Alert_Name: 'untracked' as const, interrupted_auto_min: 90 };
    expect(
      configsOfRows(
        [
          { row: 2, values },
          { row: 3, enabled: false, values: { Alert_Name: 'sta_breach' } },
        ],
        SCOPE,
      ),
    ).toEqual({
      configs: [
        { featureKey: 'untracked', enabled: true, extraContext: alertExtraContext({ CompanyId: '1001', ...values }) },
        {
          featureKey: 'sta_breach',
          enabled: false,
          extraContext: alertExtraContext({ CompanyId: '1001', Alert_Name: 'sta_breach' }),
        },
      ],
    });
  });

  it('names at most ten refused rows, then how many more', () => {
    const rows = Array.from({ length: 13 }, (_, i) => ({ row: i + 1, values: { Alert_Name: 'nope' } }));
    const answer = configsOfRows(rows, SCOPE);
    expect('refused' in answer && answer.refused).toHaveLength(11);
    expect('refused' in answer && answer.refused[10]).toBe('and 3 more rows');
    expect('refused' in answer && answer.refused[0]).toMatch(/^Row 1: Alert_Name must be an alert type/);
  });

  it('takes a stored configuration as the sheet row that stores it, and proposes what setAlerts would store', () => {
    const row = {
      CompanyId: '1001',
      Alert_Name: 'long_stoppage' as const,
      enable_ticket: true,
      longstoppage_l1_short: 30,
      longstoppage_l2_long: 240,
      emailId_level_one: 'a@example.com',
    };
    const { CompanyId: _company, ...values } = row;
    const stored = { featureKey: 'long_stoppage', enabled: false, extraContext: alertExtraContext(row) };
    const fromRow = configsOfRows([{ row: 2, enabled: false, values }], SCOPE);
    expect(configsOfStored([stored], SCOPE)).toEqual(fromRow);
    expect(fromRow).toEqual({ configs: [stored] });
    // Without the ticket flag or any setting: the flag is stored off, as setAlerts stores a row without it.
    expect(configsOfStored([{ featureKey: 'diversion', enabled: true, extraContext: '[]' }], SCOPE)).toEqual(
      configsOfRows([{ values: { Alert_Name: 'diversion' } }], SCOPE),
    );
    // A setting named __proto__ is an unknown column like any other.
    expect(
      configsOfStored([{ featureKey: 'diversion', enabled: true, extraContext: '[{"__proto__": {"x": 1}}]' }], SCOPE),
    ).toEqual({
      refused: [IMPACT_MSG.config('diversion', 'Unknown column: __proto__')],
    });
  });

  it('names at most ten refused configurations, then how many more', () => {
    const configs = Array.from({ length: 12 }, () => ({ featureKey: 'nope', enabled: true, extraContext: '[]' }));
    const answer = configsOfStored(configs, SCOPE);
    expect(answer).toEqual({
      refused: [...Array(10).fill(IMPACT_MSG.config('nope', IMPACT_MSG.alertType)), IMPACT_MSG.moreConfigs(2)],
    });
  });
});
