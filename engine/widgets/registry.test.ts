import { describe, expect, it } from 'vitest';
import { checkUiSchema } from './registry';

describe('widget registry', () => {
  it('accepts registered and built-in names', () => {
    expect(() =>
      checkUiSchema(
        { a: { 'ui:widget': 'remoteSelect' }, b: { 'ui:field': 'place' }, c: { 'ui:widget': 'radio' } },
        'x',
      ),
    ).not.toThrow();
  });
  it('throws with the config name for an unknown name', () => {
    expect(() => checkUiSchema({ origin: { 'ui:widget': 'mapPicker' } }, 'Add Route')).toThrow(
      /Unknown widget "mapPicker" at origin in config "Add Route"/,
    );
    expect(() => checkUiSchema({ logo: { 'ui:field': 'nope' } }, 'Transporter')).toThrow(/Unknown field "nope"/);
  });
});
