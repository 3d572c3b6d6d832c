import { describe, expect, it } from 'vitest';
import { queryFromValues } from '../widgets/RemoteSelectWidget';
import { groupColumns } from './ToolGroupsTemplate';
import { resetValues } from './useToolController';

describe('tool blocks', () => {
  it("a block's reset puts only its fields back to their initial values", () => {
    const values = {
      consignorCompanyId: '1001',
      consignorBranchId: '3101',
      transporterCompanyId: '2001',
      alertKey: 'long_stoppage',
    };
    expect(resetValues(values, ['consignorCompanyId', 'consignorBranchId', 'alertKey'], { alertKey: 'all' })).toEqual({
      transporterCompanyId: '2001',
      alertKey: 'all',
    });
    expect(values.consignorCompanyId).toBe('1001');
  });

  it('lays a block out in one column per field, 1 to 3, unless it says', () => {
    expect(groupColumns({ title: 'A', fields: ['a', 'b', 'c', 'd'] })).toBe(3);
    expect(groupColumns({ title: 'A', fields: ['a', 'b'] })).toBe(2);
    expect(groupColumns({ title: 'A', fields: ['a', 'b', 'c'], columns: 1 })).toBe(1);
  });

  it("a remote select's query from other fields, none while one of them is empty", () => {
    expect(queryFromValues(undefined, {})).toEqual({});
    expect(queryFromValues({ cId: 'companyId', bId: 'branchId' }, { companyId: ' 1001 ', branchId: '3101' })).toEqual({
      cId: '1001',
      bId: '3101',
    });
    expect(queryFromValues({ cId: 'companyId', bId: 'branchId' }, { companyId: '1001', branchId: '' })).toBeNull();
    expect(queryFromValues({ cId: 'companyId' }, undefined)).toBeNull();
  });
});
