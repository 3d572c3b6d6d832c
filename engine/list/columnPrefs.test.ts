import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { columnPrefsKey, parseColumnPrefs, readColumnPrefs, useColumnPrefs, writeColumnPrefs } from './columnPrefs';
import { shownColumns } from './ColumnLayout';

const COLUMNS = [
  { title: 'Route Label', field: 'label', width: 200 },
  { title: 'Route Code', field: 'code' },
  { title: 'Updated By', field: 'updatedBy' },
];

afterEach(() => localStorage.clear());

describe('remembered columns', () => {
  it('keeps hidden columns and dragged widths per screen, across a new page (storage)', () => {
    const first = renderHook(() => useColumnPrefs('/routes'));
    act(() => first.result.current.show('code', false));
    act(() => first.result.current.resize('label', 312.6));
    expect(first.result.current.prefs).toEqual({ hidden: ['code'], widths: { label: 313 } });
    first.unmount();
    // What a reload finds: the stored text, read afresh.
    expect(JSON.parse(localStorage.getItem(columnPrefsKey('/routes')) ?? 'null')).toEqual({
      hidden: ['code'],
      widths: { label: 313 },
    });
    const again = renderHook(() => useColumnPrefs('/routes'));
    expect(again.result.current.prefs).toEqual({ hidden: ['code'], widths: { label: 313 } });
    expect(shownColumns(COLUMNS, again.result.current.prefs)).toEqual([
      { title: 'Route Label', field: 'label', width: 313 },
      { title: 'Updated By', field: 'updatedBy' },
    ]);
    // Another screen keeps its own layout.
    expect(renderHook(() => useColumnPrefs('/vehicles')).result.current.prefs).toEqual({ hidden: [], widths: {} });
    // Shown again and reset: back to the list's own columns, nothing stored.
    act(() => again.result.current.show('code', true));
    expect(again.result.current.prefs.hidden).toEqual([]);
    act(() => again.result.current.reset());
    expect(localStorage.getItem(columnPrefsKey('/routes'))).toBeNull();
    expect(shownColumns(COLUMNS, again.result.current.prefs)).toEqual(COLUMNS);
  });

  it('tells every list of the screen at once, and keeps one snapshot while nothing changes', () => {
    const a = renderHook(() => useColumnPrefs('/routes'));
    const b = renderHook(() => useColumnPrefs('/routes'));
    act(() => a.result.current.show('updatedBy', false));
    expect(b.result.current.prefs.hidden).toEqual(['updatedBy']);
    expect(readColumnPrefs('/routes')).toBe(readColumnPrefs('/routes'));
  });

  it('keeps widths within bounds, ignores a stored text it cannot read, and never hides every column', () => {
    writeColumnPrefs('/routes', { hidden: [], widths: { label: 5, code: 5000 } });
    expect(readColumnPrefs('/routes').widths).toEqual({ label: 60, code: 800 });
    for (const text of ['not json', '[1,2]', '{"hidden":"code","widths":{"label":"wide"}}', 'null'])
      expect(parseColumnPrefs(text)).toEqual({ hidden: [], widths: {} });
    expect(parseColumnPrefs('{"hidden":["code",3],"widths":{"code":120}}')).toEqual({
      hidden: ['code'],
      widths: { code: 120 },
    });
    expect(shownColumns(COLUMNS, { hidden: ['label', 'code', 'updatedBy'], widths: {} })).toEqual([COLUMNS[0]]);
  });
});
