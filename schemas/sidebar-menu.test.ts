import { describe, expect, it } from 'vitest';
import { validate } from './ajv';
import { hasRealUrl, isLiveMenuItem, parseUserIds, sidebarMenuFormSchema, userIdTextSchema } from './sidebar-menu';
import { dashboardFormSchema } from './dashboard';

describe('sidebar menu rules', () => {
  it('accepts digits, commas and spaces, up to 100 numbers', () => {
    expect(validate(userIdTextSchema, '101, 102,103')).toEqual([]);
    expect(validate(userIdTextSchema, '101;102')).toEqual(['Only numbers and commas are allowed']);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => 7000 + i).join(', ');
    expect(validate(userIdTextSchema, ids(100))).toEqual([]);
    expect(validate(userIdTextSchema, ids(101))).toEqual(['You can only add up to 100 user IDs']);
  });

  it('drops what is not a number when saving', () => {
    expect(parseUserIds('101, , 102 ,x, 0')).toEqual([101, 102]);
    expect(parseUserIds(undefined)).toEqual([]);
  });

  it('leaves out deprecated items and landing pages without a url', () => {
    expect(isLiveMenuItem({ name: 'Trip Map (Deprecated)' })).toBe(false);
    expect(isLiveMenuItem({ name: 'Legacy Reports (Depreciated)' })).toBe(false);
    expect(isLiveMenuItem({ name: 'Trip List' })).toBe(true);
    expect(hasRealUrl({ url: '/trips' })).toBe(true);
    expect(hasRealUrl({ url: '' })).toBe(false);
    expect(hasRealUrl({ url: '/' })).toBe(false);
  });

  it('requires a landing page and a menu list', () => {
    expect(validate(sidebarMenuFormSchema, {})).toEqual(['Please Select Landing Page', 'Please select menulist']);
    expect(validate(sidebarMenuFormSchema, { landingPage: '/trips', extracontext: [] })).toEqual([
      'Please select menulist',
    ]);
  });
});

describe('dashboard form rules', () => {
  it('asks for the type, then for the fields of that type', () => {
    expect(validate(dashboardFormSchema, {})).toEqual(['Please select dashboard type']);
    expect(validate(dashboardFormSchema, { typeDashboard: 'zoho', powerbi: [{}] })).toEqual([
      'Please select menulist',
      'Please enter valid PowerBI ReportId',
      'Please enter valid PowerBI WorkspaceId',
      'Please enter valid PowerBI Rls Roles',
    ]);
    expect(new Set(validate(dashboardFormSchema, { typeDashboard: 'looker', tabs: [{}] }))).toEqual(
      new Set(['Please input userId', 'Please enter valid dashboard workspace', 'Please enter valid dashboard name']),
    );
    expect(
      validate(dashboardFormSchema, {
        typeDashboard: 'looker',
        userId: '5, 6',
        tabs: [{ dashboard_id: '9', name: 'Ops' }],
      }),
    ).toEqual([]);
  });
});
