import { describe, expect, it } from 'vitest';
import { placeParams, readListPlace, writeListPlace, type PlaceConfig } from './listPlace';

/** A list the server pages and sorts by code, with the audit log's filters. */
const paged: PlaceConfig = {
  columns: [
    { title: 'Route Code', field: 'code', sortKey: 'code' },
    { title: 'Route Label', field: 'label' },
  ],
  paging: { size: 20, rows: 'rows', total: 'total', searchParam: 'q' },
  filters: [
    { kind: 'select', label: 'Status', param: 'status', options: [{ value: 'ON', label: 'On' }] },
    { kind: 'dateRange', label: 'Date', params: ['from', 'to'] },
  ],
};
/** A list the table pages and sorts itself, by a sortable column's field. */
const local: PlaceConfig = { columns: [{ title: 'Name', field: 'name', sortable: true }] };

const SCOPE = 'companyId=1001&companyName=Tata+Steel+Limited&branchId=3101';

describe('a list place in the address', () => {
  it('reads back what it wrote, beside the scope, which stays as it was', () => {
    const place = {
      search: 'pune ',
      sort: { key: 'code', order: 'desc' as const },
      page: 3,
      size: 50,
      filters: { status: 'ON', from: 1700000000000, to: '1700086399999' },
    };
    const written = writeListPlace(new URLSearchParams(SCOPE), place, paged);
    expect(written.toString()).toBe(
      `${SCOPE}&q=pune+&sort=code&order=desc&page=3&size=50&status=ON&from=1700000000000&to=1700086399999`,
    );
    expect(readListPlace(written, paged)).toEqual({
      ...place,
      filters: { status: 'ON', from: '1700000000000', to: '1700086399999' },
    });
    // Written again over itself: the same address (the old place is replaced, not added to).
    expect(writeListPlace(written, readListPlace(written, paged), paged).toString()).toBe(written.toString());
  });

  it('writes nothing for a list as it opens, and clears a place back to that', () => {
    const start = readListPlace(new URLSearchParams(SCOPE), paged);
    expect(start).toEqual({ search: '', sort: undefined, page: 1, size: 20, filters: {} });
    expect(writeListPlace(new URLSearchParams(SCOPE), start, paged).toString()).toBe(SCOPE);
    const busy = new URLSearchParams(`${SCOPE}&q=x&page=4&size=100&status=ON`);
    expect(writeListPlace(busy, start, paged).toString()).toBe(SCOPE);
    expect(placeParams(paged)).toEqual(['q', 'sort', 'order', 'page', 'size', 'status', 'from', 'to']);
  });

  it('leaves at the start what does not fit the list', () => {
    const odd = new URLSearchParams('page=-2&size=33&sort=label&order=asc&from=yesterday&to=12&status=');
    expect(readListPlace(odd, paged)).toEqual({
      search: '',
      sort: undefined,
      page: 1,
      size: 20,
      filters: { to: '12' },
    });
    expect(readListPlace(new URLSearchParams('page=2.5&sort=code&order=up'), paged)).toMatchObject({
      page: 1,
      sort: undefined,
    });
  });

  it("sorts a list the table sorts by its sortable columns' fields", () => {
    const query = new URLSearchParams('sort=name&order=asc&page=2');
    expect(readListPlace(query, local)).toMatchObject({ sort: { key: 'name', order: 'asc' }, page: 2, size: 20 });
    expect(readListPlace(new URLSearchParams('sort=code&order=asc'), local).sort).toBeUndefined();
  });
});
