import { describe, expect, it } from 'vitest';
import { auditProvenance, fieldInWords, loggedChange } from './audit';
import { CELL_TEXTS } from './cell-texts';

const tata = { companyId: '1001', companyName: 'Tata Steel Limited', branchId: null, branchName: null };

describe('auditProvenance', () => {
  it('says where a copy came from, with its branch, and who copied it', () => {
    expect(
      auditProvenance({
        userName: 'Priya Sharma',
        provenance: { kind: 'copy', source: tata, reverts: null, proposal: null },
      }),
    ).toBe('Copied from Tata Steel Limited by Priya Sharma');
    const jamshedpur = { ...tata, branchId: '3101', branchName: 'Jamshedpur' };
    expect(
      auditProvenance({
        userName: 'Priya Sharma',
        provenance: { kind: 'copy', source: jamshedpur, reverts: null, proposal: null },
      }),
    ).toBe('Copied from Tata Steel Limited · Jamshedpur by Priya Sharma');
  });

  it('says what a revert reverts: one entry or a change set', () => {
    const revert = (reverts: { entry: number | null; changeSet: string | null }) =>
      auditProvenance({ userName: null, provenance: { kind: 'revert', source: null, reverts, proposal: null } });
    expect(revert({ entry: 123, changeSet: null })).toBe('Revert of entry 123 by System');
    expect(revert({ entry: null, changeSet: 'cs_1' })).toBe('Revert of a change set by System');
  });

  it('names the reviewed proposal a change set applied, and who applied it', () => {
    const proposal = { id: 'prp_1', title: 'Night threshold' };
    expect(
      auditProvenance({
        userName: 'Meera Nair',
        provenance: { kind: 'proposal', source: null, reverts: null, proposal },
      }),
    ).toBe("Applied proposal 'Night threshold' by Meera Nair");
  });

  it('says nothing of an entry outside a change set', () => {
    expect(auditProvenance({ userName: 'Priya Sharma', provenance: null })).toBe('');
  });
});

describe('fieldInWords', () => {
  it("names a column in its declaration's words, and a path inside a stored document key by key", () => {
    expect(fieldInWords('route', 'stt')).toBe('Standard transit time');
    expect(fieldInWords('route', 'origin.google.place_id')).toBe('Origin › google › place id');
    expect(fieldInWords('alert', 'extra_context[0].longstoppage_l1.long')).toBe('Settings › longstoppage l1 › long');
    expect(fieldInWords('notification_config', 'is_enabled')).toBe('Enabled');
    expect(fieldInWords('vehicle', 'branch_id')).toBe('Branch');
    expect(fieldInWords('holiday', 'no_alerts')).toBe('No alerts that day');
  });

  it('writes a column no declaration names, or of an unknown object, in plain words', () => {
    expect(fieldInWords('route', 'search_text')).toBe('Search text');
    expect(fieldInWords('no_such_object', 'some_column[2].inner_key')).toBe('Some column › inner key');
  });

  it("gives the Changed Fields cell (and so the export) each field's words", () => {
    const entry = (action: 'insert' | 'update', fields: string[]) => ({
      action,
      objectType: 'alert',
      changes: fields.map((field) => ({ field, label: '', before: null, after: null })),
    });
    expect(CELL_TEXTS.auditChanges(entry('update', ['enabled', 'extra_context[0].ticketing.raise_ticket']))).toBe(
      'Enabled, Settings › ticketing › raise ticket',
    );
    expect(CELL_TEXTS.auditChanges(entry('insert', ['extra_context[0].a', 'extra_context[0].b', 'feature_key']))).toBe(
      'Settings, Alert',
    );
  });
});

describe('loggedChange', () => {
  it('shows no digest of a secret, only that it was set, changed or removed', () => {
    const md5 = 'md5:99914b932bd37a50b983c5e7c90ae93b';
    expect(
      loggedChange('notification_config', { field: 'secrets', before: md5, after: 'md5:0cc175b9c0f1b6a8' }),
    ).toEqual({ field: 'secrets', label: 'Secrets', before: 'secret (not shown)', after: 'secret changed' });
    expect(loggedChange('notification_config', { field: 'secrets', before: null, after: md5 }).after).toBe(
      'secret set',
    );
    expect(loggedChange('transporter', { field: 'logo', before: md5, after: null })).toMatchObject({ after: null });
    expect(loggedChange('route', { field: 'stt', before: '480', after: '500' })).toEqual({
      field: 'stt',
      label: 'Standard transit time',
      before: '480',
      after: '500',
    });
  });
});
