import { describe, expect, it } from 'vitest';
import { screenKindOf, screenKinds } from './screenKinds';

describe('screen kinds', () => {
  it('picks the view of a config\'s kind, the app\'s kinds merged over the built-in ones', () => {
    expect(screenKindOf({ kind: 'list', path: '/routes' })).toBe(screenKinds.list);
    const mapEditor = screenKinds.form;
    expect(screenKindOf({ kind: 'mapEditor', path: '/places/map' }, { kinds: { mapEditor } })).toBe(mapEditor);
  });

  it('throws for an unknown kind, naming the config', () => {
    expect(() => screenKindOf({ kind: 'mapEditor', title: { create: 'Place Map' } })).toThrow('Unknown screen kind "mapEditor" in config "Place Map" (known: list, form, sheet, upload, tool)');
  });
});
