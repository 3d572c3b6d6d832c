import { describe, expect, it } from 'vitest';
import { detailRows, listQuery, opens, rowsOf } from './paging';

const paging = { size: 20, rows: 'rows', total: 'total' };

describe('list paging and filters', () => {
  it('sends the filters that have a value, with the page and size when the server pages', () => {
    expect(listQuery({ user: 'usr_ops', type: undefined, from: 1, to: '' }, paging, 3)).toEqual({ user: 'usr_ops', from: 1, page: 3, size: 20 });
    expect(listQuery({ user: 'usr_ops' }, undefined, 3)).toEqual({ user: 'usr_ops' });
  });

  it("reads a page's rows and total, or every row of a plain answer", () => {
    expect(rowsOf({ rows: [{ id: 1 }], total: 41 }, paging)).toEqual({ rows: [{ id: 1 }], total: 41 });
    expect(rowsOf([{ id: 1 }, { id: 2 }], undefined)).toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(rowsOf(undefined, paging)).toEqual({ rows: [], total: 0 });
  });

  it('opens a row onto its nested rows, or onto its detail fields when the detail has some', () => {
    const detail = { field: 'changes', rowKey: 'field', columns: [] };
    expect(detailRows(detail, { changes: [{ field: 'label' }] })).toEqual([{ field: 'label' }]);
    expect(opens(detail, { changes: [] })).toBe(false);
    expect(opens(detail, { changes: 'none' })).toBe(false);
    expect(opens({ ...detail, fields: [{ title: 'Call', field: 'call' }] }, { changes: [] })).toBe(true);
  });
});
