import { render } from '@testing-library/react';
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { tableColumns } from './tableColumns';

const LONG = 'Plot 14, Phase II, Chakan Industrial Area, Mahalunge, Khed Taluka, Pune District, Maharashtra 410501';
const COLUMNS = [
  { title: 'Address', field: 'address', searchable: true, sortable: true },
  { title: 'Code', field: 'code', sortable: true },
];
const ROW = { address: LONG, code: 'PNQ-1' };

/** The cell a column draws for a row, rendered. */
function cell(column: ReturnType<typeof tableColumns>[number]) {
  const drawn = 'render' in column ? column.render?.(undefined, ROW, 0) : null;
  return render(<div>{isValidElement(drawn) || typeof drawn === 'string' ? drawn : null}</div>).container;
}

describe('table columns', () => {
  it('ends a long text in an ellipsis with its full text on hover, marked where searched too', () => {
    const [plain] = tableColumns(COLUMNS);
    expect(plain).toMatchObject({ ellipsis: { showTitle: true } });
    expect(cell(plain).textContent).toBe(LONG);
    const [searched] = tableColumns(COLUMNS, undefined, undefined, { filters: { address: ['chakan'] } });
    const shown = cell(searched);
    expect(shown.querySelector('mark')?.textContent).toBe('Chakan');
    expect(shown.querySelector('[title]')?.getAttribute('title')).toBe(LONG);
  });

  it("shows the sort it is given on a list the table sorts, by the column's field", () => {
    const columns = tableColumns(COLUMNS, undefined, undefined, { sort: { key: 'code', order: 'desc' } });
    expect(columns.map((column) => ('sortOrder' in column ? column.sortOrder : undefined))).toEqual([null, 'descend']);
  });
});
