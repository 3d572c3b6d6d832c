import { describe, expect, it } from 'vitest';
import { readTarget, writeTarget } from './compareTarget';

const tata = new URLSearchParams('companyId=1001&companyName=Tata+Steel+Limited');
const hul = { value: '1002', label: 'Hindustan Unilever Limited (CONSIGNOR)' };

describe('the comparison in the query string', () => {
  it('keeps the scope beside the company and branch compared with, and reads them back', () => {
    const withCompany = writeTarget(tata, { company: hul });
    const withBranch = writeTarget(withCompany, { branch: { value: '3201', label: 'Mumbai' } });
    expect(withBranch.get('companyId')).toBe('1001');
    expect(readTarget(withBranch)).toEqual({ company: hul, branch: { value: '3201', label: 'Mumbai' } });
  });

  it('another company clears the branch; none clears both', () => {
    const withBranch = writeTarget(writeTarget(tata, { company: hul }), { branch: { value: '3201', label: 'Mumbai' } });
    const other = writeTarget(withBranch, { company: { value: '1003', label: 'UltraTech' } });
    expect(readTarget(other)).toEqual({ company: { value: '1003', label: 'UltraTech' }, branch: null });
    expect(writeTarget(other, { company: null }).toString()).toBe(tata.toString());
  });

  it('an id without a name shows the id; a branch without a company is none', () => {
    expect(readTarget(new URLSearchParams('compareCompanyId=1002&compareBranchId=3201'))).toEqual({
      company: { value: '1002', label: '1002' },
      branch: { value: '3201', label: '3201' },
    });
    expect(readTarget(new URLSearchParams('compareBranchId=3201'))).toEqual({ company: null, branch: null });
  });
});
