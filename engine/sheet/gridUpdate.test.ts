import jspreadsheet from 'jspreadsheet-ce';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPlan, planUpdate } from './gridUpdate';

const rows = (...names: string[]) => names.map((name) => (name ? [name, name === 'b' ? 'Success' : ''] : ['', '']));

describe('grid updates in place', () => {
  it('plans rewritten cells for a grid of the same rows', () => {
    expect(
      planUpdate(rows('a', 'b', ''), [
        ['a', 'Success'],
        ['b', 'Row 2: bad'],
        ['', ''],
      ]),
    ).toEqual({
      kind: 'cells',
      changes: [
        { x: 1, y: 0, value: 'Success' },
        { x: 1, y: 1, value: 'Row 2: bad' },
      ],
    });
  });

  it('plans the rows kept when rows are taken out, and a full redraw otherwise', () => {
    expect(planUpdate(rows('a', 'b', 'c', 'b', '', ''), rows('a', 'c', ''))).toEqual({ kind: 'keep', rows: [0, 2, 4] });
    expect(planUpdate(rows('a', 'b'), rows('b'))).toEqual({ kind: 'keep', rows: [1] });
    expect(planUpdate(rows('a', 'b'), rows('c'))).toEqual({ kind: 'all' });
    expect(planUpdate(rows('a'), rows('a', 'b'))).toEqual({ kind: 'all' });
    expect(planUpdate(rows('a'), [['a', '', 'extra']])).toEqual({ kind: 'all' });
  });

  describe('on a jspreadsheet worksheet', () => {
    let host: HTMLDivElement;
    afterEach(() => {
      jspreadsheet.destroy(host as unknown as jspreadsheet.JspreadsheetInstanceElement, true);
      host.remove();
    });

    const mount = async (data: string[][]) => {
      host = document.createElement('div');
      document.body.appendChild(host);
      const [sheet] = jspreadsheet(host, { worksheets: [{ data, columns: [{ type: 'text' }, { type: 'text' }] }] });
      await expect.poll(() => host.querySelectorAll('tbody tr').length).toBe(data.length);
      return sheet;
    };
    const shown = () =>
      [...host.querySelectorAll('tbody tr')].map((tr) =>
        [...tr.children].map((td) => `${td.getAttribute('data-y')}:${td.textContent}`),
      );

    it('takes rows out and renumbers the rows below them', async () => {
      const sheet = await mount(rows('a', 'b', 'c', 'b', ''));
      expect(applyPlan(sheet, planUpdate(sheet.getData() as string[][], rows('a', 'c', '')), () => {})).toBe(true);
      expect(sheet.getData()).toEqual(rows('a', 'c', ''));
      expect(shown()).toEqual([
        ['0:1', '0:a', '0:'],
        ['1:2', '1:c', '1:'],
        ['2:3', '2:', '2:'],
      ]);
      expect(sheet.records.map((row) => row.map((cell) => cell.y))).toEqual([
        [0, 0],
        [1, 1],
        [2, 2],
      ]);
      expect(sheet.getValueFromCoords(0, 1)).toBe('c');
    });

    it('rewrites changed cells and repaints them', async () => {
      const sheet = await mount(rows('a', ''));
      const painted: string[] = [];
      applyPlan(
        sheet,
        planUpdate(sheet.getData() as string[][], [
          ['a', 'Success'],
          ['', ''],
        ]),
        (x, td, value) => painted.push(`${x}:${td.dataset.y}:${value}`),
      );
      expect(sheet.getData()).toEqual([
        ['a', 'Success'],
        ['', ''],
      ]);
      expect(shown()[0]).toEqual(['0:1', '0:a', '0:Success']);
      expect(painted).toEqual(['1:0:Success']);
    });

    it('leaves the grid alone for a plan that needs a full redraw', async () => {
      const sheet = await mount(rows('a'));
      expect(applyPlan(sheet, { kind: 'all' }, () => {})).toBe(false);
      expect(sheet.getData()).toEqual(rows('a'));
    });
  });
});
