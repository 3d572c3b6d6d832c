import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DataOf } from './api/contract';
import type { uiConfigCalls } from './api/data';
import type { routeMasterCalls } from './api/main';
import { reportCalls, type ReportSchedule } from './api/reports';
import type { UiConfig } from './resources/ui-configs';
import { isRecord } from './guards';
import { placeCalls } from './api/places';
import type { Consignee } from './api/embedded';
import { consigneeCalls } from './api/consignees';
import { mainCalls } from './api/main';

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

  it("types and serializes a spec's call built by hand from the record's declaration (answering)", () => {
    // A known place's id is named as the spec names it; a consignee's place is one object of its fields.
    expectTypeOf<DataOf<typeof placeCalls.placeFetch>>().items.toHaveProperty('cpId').toEqualTypeOf<string>();
    expectTypeOf<DataOf<typeof placeCalls.placeFetch>>().items.not.toHaveProperty('id');
    expectTypeOf<DataOf<typeof consigneeCalls.update>>().toEqualTypeOf<Consignee>();
    expectTypeOf<Consignee['place']>().toHaveProperty('cpCode').toEqualTypeOf<string>();
    expectTypeOf<Consignee>().not.toHaveProperty('cpCode');
    // A route's answer leaves out its branch, as the spec's does.
    expectTypeOf<DataOf<typeof mainCalls.saveRoute>>().not.toHaveProperty('branchId');
    const properties = (answer: unknown) =>
      isRecord(answer) && isRecord(answer.properties) ? Object.keys(answer.properties).sort() : [];
    const fetched: unknown = placeCalls.placeFetch.answer;
    const place = isRecord(fetched) ? fetched.items : undefined;
    expect(properties(place)).toEqual(
      ['cpId', 'label', 'address', 'cpCode', 'geofenceRadius', 'partnerId', 'google', 'updatedBy', 'updatedAt'].sort(),
    );
    const consignee = consigneeCalls.update.answer;
    expect(
      properties(isRecord(consignee) && isRecord(consignee.properties) ? consignee.properties.place : null),
    ).toEqual(['cpId', 'cpCode', 'label', 'address', 'geofenceRadius', 'google'].sort());
    expect(properties(mainCalls.saveRoute.answer)).not.toContain('branchId');
  });
});
