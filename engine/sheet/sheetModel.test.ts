import { describe, expect, it } from 'vitest';
import { dataRows, emptiness, fitTable, isHeaderRow, successRows, withoutSaved } from './sheetModel';

const columns = [{ key: 'CompanyId' }, { key: 'branchId' }, { key: 'Alert_Name', title: 'Alert Name' }];

describe('sheet model', () => {
  it('recognises its own header row, whatever the case and separators', () => {
    expect(isHeaderRow(['companyid', 'Branch Id', 'ALERT_NAME'], columns)).toBe(true);
    expect(isHeaderRow(['Alert_Name', 'Foo', 'CompanyId', 'Bar', 'Baz'], columns)).toBe(true);
    expect(isHeaderRow(['1001', '', 'long_stoppage'], columns)).toBe(false);
    expect(isHeaderRow(['CompanyId', '', ''], columns)).toBe(false);
  });

  it('maps an imported table by its header, in any order, dropping blank rows', () => {
    const fitted = fitTable(
      [
        ['Alert_Name', 'CompanyId', 'Extra'],
        ['long_stoppage', 1001, 'x'],
        ['', '', ''],
        ['detention', '1002', ''],
      ],
      columns,
      600,
    );
    expect(fitted).toEqual({
      header: true,
      dropped: 0,
      ignored: ['Extra'],
      rows: [
        ['1001', '', 'long_stoppage'],
        ['1002', '', 'detention'],
      ],
    });
  });

  it('takes cells in order without a header and keeps at most maxRows rows', () => {
    const fitted = fitTable(
      [
        ['1001', 'b1', 'untracked'],
        ['1002', '', 'detention'],
        ['1003', '', 'diversion'],
      ],
      columns,
      2,
    );
    expect(fitted.header).toBe(false);
    expect(fitted.rows).toEqual([
      ['1001', 'b1', 'untracked'],
      ['1002', '', 'detention'],
    ]);
    expect(fitted.dropped).toBe(1);
    expect(fitted.ignored).toEqual([]);
  });

  it('names what the sheet has no column for', () => {
    expect(fitTable([['1001', '', 'untracked', 'spare']], columns, 600).ignored).toEqual(['the cells after column 3']);
  });

  it('tells an empty sheet from one holding only a header', () => {
    expect(
      emptiness(
        [
          ['', '', '', ''],
          ['', '', '', ''],
        ],
        columns,
      ),
    ).toBe('empty');
    expect(
      emptiness(
        [
          ['CompanyId', 'branchId', 'Alert_Name', ''],
          ['', '', '', ''],
        ],
        columns,
      ),
    ).toBe('noDataRows');
    expect(emptiness([['1001', '', 'untracked', '']], columns)).toBeNull();
  });

  it('reads data rows with their grid index, ignoring the status cell', () => {
    const grid = [
      ['1001', '', 'untracked', 'Success'],
      ['', '', '', 'stale'],
      [' 1002 ', '', 'detention', ''],
    ];
    expect(dataRows(grid, columns)).toEqual([
      { index: 0, values: { CompanyId: '1001', branchId: '', Alert_Name: 'untracked' } },
      { index: 2, values: { CompanyId: '1002', branchId: '', Alert_Name: 'detention' } },
    ]);
  });

  it('lists the saved rows last first, so deleting them keeps the other indices right', () => {
    expect(
      successRows(
        [
          ['a', 'Success'],
          ['b', 'Alert config already exists'],
          ['c', 'Success'],
        ],
        1,
      ),
    ).toEqual([2, 0]);
  });
});

describe('hidden columns', () => {
  const placeColumns = [{ key: 'Code' }, { key: 'Address' }, { key: 'placeId', hidden: true }, { key: 'Radius' }];

  it('are skipped when cells are taken in order, and filled by name from a header', () => {
    expect(fitTable([['c1', 'Pune', '2']], placeColumns, 10).rows).toEqual([['c1', 'Pune', '', '2']]);
    expect(fitTable([['c1', 'Pune', '2', 'x']], placeColumns, 10).ignored).toEqual(['the cells after column 3']);
    expect(
      fitTable(
        [
          ['Radius', 'Code', 'placeId'],
          ['2', 'c1', 'g1'],
        ],
        placeColumns,
        10,
      ).rows,
    ).toEqual([['c1', '', 'g1', '2']]);
  });

  it('leave the saved rows out in one pass', () => {
    expect(
      withoutSaved(
        [
          ['a', 'Success'],
          ['b', 'exists'],
          ['c', 'Success'],
          ['', ''],
        ],
        1,
      ),
    ).toEqual([
      ['b', 'exists'],
      ['', ''],
    ]);
  });
});
