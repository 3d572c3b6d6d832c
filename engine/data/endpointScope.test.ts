import { describe, expect, it } from 'vitest';
import { notificationCalls } from '../../schemas/api/notifications';
import { endpoint, endpointQuery } from './endpoint';

describe('the scope of a call, under the names its contract takes', () => {
  it("sends the notification service's filter ids as company_id... user_id, group_id and related_*", () => {
    const list = endpoint(notificationCalls.configurations);
    expect(list).toMatchObject({ scopeNames: 'snake', scoped: true, envelope: 'value' });
    const scope = {
      companyId: '1001',
      branchId: '3101',
      uID: '42',
      gID: '7',
      relatedCompanyId: '1002',
      relatedBranchId: '3201',
      companyName: 'Tata Steel',
    };
    expect(endpointQuery(list, { scope })).toEqual({
      company_id: '1001',
      branch_id: '3101',
      department_id: undefined,
      user_id: '42',
      group_id: '7',
      related_company_id: '1002',
      related_branch_id: '3201',
      related_department_id: undefined,
    });
  });

  it('sends no scope to a call whose query does not take it', () => {
    expect(endpoint(notificationCalls.configFormFields).scoped).toBe(false);
    expect(endpointQuery(endpoint(notificationCalls.preview), { scope: { companyId: '1001' } })).toEqual({});
  });

  it('takes the names the contract declares its scope under, whatever its service', () => {
    const declared = (names: { c: string; b?: string; d?: string }) =>
      endpoint({ ...notificationCalls.configurations, service: 'main', scope: { in: 'query', ...names } }).scopeNames;
    expect(declared({ c: 'companyId', b: 'branchId', d: 'departmentId' })).toBe('ids');
    expect(declared({ c: 'company_id', b: 'branch_id' })).toBe('snake');
    expect(declared({ c: 'c', b: 'b', d: 'd' })).toBe('cbdt');
  });
});
