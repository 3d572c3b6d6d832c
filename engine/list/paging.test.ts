import { describe, expect, it } from 'vitest';
import { countText, detailRows, listQuery, opens, rowsOf, searchRows } from './paging';

const paging = { size: 20, rows: 'rows', total: 'total' };

describe('list paging and filters', () => {
  it('sends the filters that have a value, with the page and size when the server pages', () => {
    expect(listQuery({ user: 'usr_ops', type: undefined, from: 1, to: '' }, paging, 3)).toEqual({
      user: 'usr_ops',
      from: 1,
      page: 3,
      size: 20,
    });
    expect(listQuery({ user: 'usr_ops' }, undefined, 3)).toEqual({ user: 'usr_ops' });
  });

  it('sends the page size, the search text and the sort where the server takes them', () => {
    const searched = { ...paging, searchParam: 'q', sortParams: { sort: 'sort', order: 'order' } };
    expect(
      listQuery({}, searched, { page: 2, size: 50, search: '  pune ', sort: { key: 'code', order: 'desc' } }),
    ).toEqual({ page: 2, size: 50, q: 'pune', sort: 'code', order: 'desc' });
    expect(listQuery({}, searched, { page: 1, search: '   ' })).toEqual({ page: 1, size: 20 });
    // A server that neither searches nor sorts is not sent them.
    expect(listQuery({}, paging, { page: 1, search: 'pune', sort: { key: 'code', order: 'asc' } })).toEqual({
      page: 1,
      size: 20,
    });
  });

  it("names the page and its size as the server does, counting pages from 0 where it does (the AP list's page_number)", () => {
    const zeroBased = {
      ...paging,
      size: 10,
      pageParams: { page: 'page_number', size: 'page_size', first: 0 as const },
    };
    expect(listQuery({}, zeroBased, 1)).toEqual({ page_number: 0, page_size: 10 });
    expect(listQuery({}, zeroBased, { page: 3, size: 20 })).toEqual({ page_number: 2, page_size: 20 });
  });

  it('reads the rows and the total from the whole answer when they sit beside the data', () => {
    const body = { success: true, data: [{ id: 1 }], message: [], total: 604 };
    expect(rowsOf(body, { size: 20, rows: 'data', total: 'total', from: 'body' })).toMatchObject({
      rows: [{ id: 1 }],
      total: 604,
      estimated: false,
    });
  });

  it('keeps the rows with the search text in any shown cell, in any case', () => {
    const rows = [
      { a: 'Pune - Mumbai', b: 'PNQ' },
      { a: 'Delhi', b: 'DEL-pune' },
      { a: 'Chennai', b: 'MAA' },
    ];
    const texts = [(r: (typeof rows)[number]) => r.a, (r: (typeof rows)[number]) => r.b];
    expect(searchRows(rows, ' PUNE ', texts)).toEqual(rows.slice(0, 2));
    expect(searchRows(rows, '', texts)).toBe(rows);
    expect(searchRows(rows, 'x', texts)).toEqual([]);
  });

  it('counts the rows shown of all', () => {
    expect(countText(604, [1, 20], 'routes')).toBe('1-20 of 604 routes');
    expect(countText(0, [0, 0], 'routes')).toBe('0 routes');
    expect(countText(3, [1, 3])).toBe('1-3 of 3 in all');
    // An estimate (a search with many hits) in two figures, grouped as the console groups numbers.
    expect(countText(21_053, [1, 20], 'routes', true)).toBe('1-20 of about 21,000 routes');
    expect(countText(204_991, [21, 40], 'routes', true)).toBe('21-40 of about 2,00,000 routes');
  });

  it("reads a page's rows and total, or every row of a plain answer", () => {
    expect(rowsOf({ rows: [{ id: 1 }], total: 41 }, paging)).toMatchObject({
      rows: [{ id: 1 }],
      total: 41,
      estimated: false,
      counted: true,
    });
    expect(rowsOf([{ id: 1 }, { id: 2 }], undefined)).toMatchObject({
      rows: [{ id: 1 }, { id: 2 }],
      total: 2,
      estimated: false,
    });
    expect(rowsOf(undefined, paging)).toMatchObject({ rows: [], total: 0, estimated: false, counted: false });
    // A keyset-paged answer's cursors; one read by cursor has no total.
    const cursors = { next: 'next', prev: 'prev', after: 'after', before: 'before' };
    expect(rowsOf({ rows: [{ id: 1 }], next: 'n1', prev: null }, { ...paging, cursors })).toMatchObject({
      counted: false,
      next: 'n1',
      prev: null,
    });
    // `estimated` beside the total says it is an estimate.
    expect(rowsOf({ rows: [], total: 5_000, estimated: true }, paging)).toMatchObject({
      total: 5_000,
      estimated: true,
    });
    expect(
      rowsOf({ page: { rows: [], n: 9, estimated: true } }, { ...paging, rows: 'page.rows', total: 'page.n' }),
    ).toMatchObject({ estimated: true });
  });

  it('opens a row onto its nested rows, or onto its detail fields when the detail has some', () => {
    const detail = { field: 'changes', rowKey: 'field', columns: [] };
    expect(detailRows(detail, { changes: [{ field: 'label' }] })).toEqual([{ field: 'label' }]);
    expect(opens(detail, { changes: [] })).toBe(false);
    expect(opens(detail, { changes: 'none' })).toBe(false);
    expect(opens({ ...detail, fields: [{ title: 'Call', field: 'call' }] }, { changes: [] })).toBe(true);
  });
});
