import { describe, expect, it } from 'vitest';
import { auditProvenance } from './audit';

const tata = { companyId: '1001', companyName: 'Tata Steel Limited', branchId: null, branchName: null };

describe('auditProvenance', () => {
  it('says where a copy came from, with its branch, and who copied it', () => {
    expect(
      auditProvenance({ userName: 'Priya Sharma', provenance: { kind: 'copy', source: tata, reverts: null } }),
    ).toBe('Copied from Tata Steel Limited by Priya Sharma');
    const jamshedpur = { ...tata, branchId: '3101', branchName: 'Jamshedpur' };
    expect(
      auditProvenance({ userName: 'Priya Sharma', provenance: { kind: 'copy', source: jamshedpur, reverts: null } }),
    ).toBe('Copied from Tata Steel Limited · Jamshedpur by Priya Sharma');
  });

  it('says what a revert reverts: one entry or a change set', () => {
    const revert = (reverts: { entry: number | null; changeSet: string | null }) =>
      auditProvenance({ userName: null, provenance: { kind: 'revert', source: null, reverts } });
    expect(revert({ entry: 123, changeSet: null })).toBe('Revert of entry 123 by System');
    expect(revert({ entry: null, changeSet: 'cs_1' })).toBe('Revert of a change set by System');
  });

  it('says nothing of an entry outside a change set', () => {
    expect(auditProvenance({ userName: 'Priya Sharma', provenance: null })).toBe('');
  });
});
