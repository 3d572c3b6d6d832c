import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DataOf } from './api/contract';
import type { uiConfigCalls } from './api/data';
import type { routeMasterCalls } from './api/main';
import { reportCalls, type ReportSchedule } from './api/reports';
import type { UiConfig } from './resources/ui-configs';
import { isRecord } from './guards';

/**
 * A declared resource's calls answer the records its declaration types (schemas/api/resource-calls.ts `CallsOf`), so
 * a screen reads them typed; the type checker holds the first part (`npm run typecheck` reads this file), and the
 * answer schema the server serializes with names the same fields.
 */
describe("the types of a declared resource's calls", () => {
  it('answers a list of its records, or one, as its declaration types them', () => {
    expectTypeOf<DataOf<typeof reportCalls.list>>().toEqualTypeOf<ReportSchedule[]>();
    expectTypeOf<DataOf<typeof reportCalls.byId>>().toEqualTypeOf<ReportSchedule>();
    expectTypeOf<DataOf<typeof reportCalls.update>>().toEqualTypeOf<ReportSchedule>();
    expectTypeOf<DataOf<typeof uiConfigCalls.save>>().toEqualTypeOf<UiConfig>();
    // A freight rate's create answers its id alone.
    expectTypeOf<DataOf<typeof routeMasterCalls.create>>().toEqualTypeOf<{ id: string }>();
    // A run of a schedule, in its own call: its schema's type.
    expectTypeOf<DataOf<typeof reportCalls.runs>>().items.toHaveProperty('hasFile').toEqualTypeOf<boolean>();
  });

  it('serializes a record by the same fields the type names', () => {
    const answer: unknown = reportCalls.byId.answer;
    const fields: (keyof ReportSchedule)[] = [
      'id',
      'entity_id',
      'type',
      'active',
      'definition',
      'cron',
      'job_uuid',
      'job_request',
      'lastRun',
      'branchId',
    ];
    const properties = isRecord(answer) && isRecord(answer.properties) ? Object.keys(answer.properties) : [];
    expect(properties.sort()).toEqual([...fields].sort());
  });
});
