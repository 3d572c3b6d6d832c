import { describe, expect, it } from 'vitest';
import { bulkUpload } from '../../screens/bulk-upload';
import { configServes, screenKindOf, screenKinds } from './screenKinds';

describe('screen kinds', () => {
  it("picks the view of a config's kind, the app's kinds merged over the built-in ones", () => {
    expect(screenKindOf({ kind: 'list', path: '/routes' })).toBe(screenKinds.list);
    const mapEditor = screenKinds.form;
    expect(screenKindOf({ kind: 'mapEditor', path: '/places/map' }, { kinds: { mapEditor } })).toBe(mapEditor);
  });

  it('throws for an unknown kind, naming the config', () => {
    expect(() => screenKindOf({ kind: 'mapEditor', title: { create: 'Place Map' } })).toThrow(
      'Unknown screen kind "mapEditor" in config "Place Map" (known: list, form, sheet, upload, tool)',
    );
  });

  it('serves an upload screen only for the components it names; other kinds serve any parameters', () => {
    expect(configServes(bulkUpload, { component: 'configurations' })).toBe(true);
    expect(configServes(bulkUpload, { component: 'nonsense' })).toBe(false);
    expect(configServes(bulkUpload, { component: 'toString' })).toBe(false);
    expect(configServes(bulkUpload, {})).toBe(false);
    expect(configServes({ kind: 'list', path: '/routes/:id' }, { id: 'anything' })).toBe(true);
    // Each component has the list its Cancel returns to.
    expect(Object.keys(bulkUpload.lists)).toEqual(Object.keys(bulkUpload.components));
  });
});
