import { describe, expect, it } from 'vitest';
import { applySelection, combinedName, isEditPath, readScope, writeScope, hasUserFilters } from './scope';

const full = {
  companyId: 'c1',
  companyName: 'Tata Steel',
  companyType: 'TRANSPORTER',
  combinedName: 'Tata Steel (TRANSPORTER)',
  branchId: 'b1',
  branchName: 'Pune',
  departmentId: 'd1',
  departmentName: 'Dispatch',
  consignorId: 'k1',
  consignorName: 'HUL',
  uID: '42',
  gID: '7',
};

describe('scope', () => {
  it('changing the company clears branch, department, consignor, uID and gID', () => {
    const next = applySelection(full, {
      companyId: 'c2',
      companyName: 'VRL',
      companyType: 'CONSIGNOR',
      combinedName: 'VRL (CONSIGNOR)',
    });
    expect(next).toEqual({
      companyId: 'c2',
      companyName: 'VRL',
      companyType: 'CONSIGNOR',
      combinedName: 'VRL (CONSIGNOR)',
    });
  });

  it('changing the branch clears only the department', () => {
    const next = applySelection(full, { branchId: 'b2', branchName: 'Mumbai' });
    expect(next.departmentId).toBeUndefined();
    expect(next.consignorId).toBe('k1');
    expect(next.branchName).toBe('Mumbai');
  });

  it('setting the same value clears nothing', () => {
    expect(applySelection(full, { companyId: 'c1' })).toEqual(full);
  });

  it('round-trips through the query string and keeps other keys', () => {
    const params = writeScope(new URLSearchParams('tab=2&companyId=old'), full);
    expect(params.get('tab')).toBe('2');
    expect(readScope(params)).toEqual(full);
  });

  it('names and paths', () => {
    expect(combinedName('VRL Logistics', 'TRANSPORTER')).toBe('VRL Logistics (TRANSPORTER)');
    expect(isEditPath('/routes/abc/edit')).toBe(true);
    expect(isEditPath('/display-alert-ticket/edit/3')).toBe(true);
    expect(isEditPath('/configuration-list/edit-notification-config')).toBe(true);
    expect(isEditPath('/routes/add')).toBe(false);
    expect(hasUserFilters('/configuration-list')).toBe(true);
    expect(hasUserFilters('/routes')).toBe(false);
  });
});
