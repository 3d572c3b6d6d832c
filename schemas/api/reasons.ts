/**
 * The reasons several calls give for an id that is not a record of the scope's branch (a contract's `refers`), apart
 * from refers.ts so that a resource's declaration can name them without the aggregates (re-exported there).
 */

/** An entry of the platform's own data, the same for every company. */
export const platformWide = (entry: string) => `${entry}: platform-wide (no company, no branch)`;

/** The reasons several calls give. */
export const REASONS = {
  unread: 'a query id this call does not read (the record it addresses travels elsewhere, or it lists)',
  trip: 'a trip: outside the company, branch and department the console sends it is \'Invalid Trip ID\' (404), trips.test.ts; without a scope the trip page reads it by id (API.md "Trips")',
  notificationConfig:
    "a notification configuration: 404 from another branch or company, tried in notification-config.test.ts (the notification service's query names its scope company_id/branch_id)",
  notificationFilter:
    "the notification service's filter ids: the scope itself (checked like resolveScope's), or platform user and group ids",
  notificationScope:
    "a notification configuration's scope: checked to exist and belong together (404), notification-config.test.ts",
  notificationEvent: platformWide('a notification event'),
  notificationTemplate: platformWide('a notification template'),
  tripScope:
    "the scope the console sends with a trip id, read by the handler: the trip is looked for in it ('Invalid Trip ID' outside it, trips.test.ts)",
  rowScope:
    'the scope the console sends beside the rows, not read: each row names its own company and branch, checked per row (alert-bulk tests)',
  platformMenu:
    "a scope the call does not read: it lists the platform's own menu, the same for every company (companyId=1 names the platform)",
  noDepartment: 'not read: a sidebar override is kept per company and branch (no department column)',
  platformUser: 'a platform user (an override or a dashboard is for some users): no record of the company',
  powerBi: "PowerBI's own id of the report or workspace shown: no record of ours",
  geocoderPlace: "the geocoder's id of a suggested place: no record of ours",
  searchedCompany:
    'the company whose branches it searches (any company the platform knows: 404 when unknown), lookups.test.ts',
} as const;
