import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { savePopupDraft, useTemplatePopup } from './useTemplatePopup';

const EMPTY = 'Plese enter subject';

describe('template popup', () => {
  it('refuses an empty or blank draft with the configured message, and keeps a text as typed', () => {
    expect(savePopupDraft('', EMPTY)).toEqual({ error: EMPTY });
    expect(savePopupDraft(' \n\t', EMPTY)).toEqual({ error: EMPTY });
    expect(savePopupDraft(' ETA breach of {{trip_id}} ', EMPTY)).toEqual({ value: ' ETA breach of {{trip_id}} ' });
  });

  it('opens on the field value, writes the draft on Save and closes', () => {
    const write = vi.fn();
    const { result } = renderHook(() => useTemplatePopup('Trip {{trip_id}}', EMPTY, write));
    expect(result.current.state).toBeNull();
    act(() => result.current.show());
    expect(result.current.state).toEqual({ draft: 'Trip {{trip_id}}' });
    act(() => result.current.edit('Trip {{trip_id}} is late'));
    act(() => result.current.save());
    expect(write).toHaveBeenCalledWith('Trip {{trip_id}} is late');
    expect(result.current.state).toBeNull();
  });

  it('keeps the dialog open with the message on an empty Save, until there is text again', () => {
    const write = vi.fn();
    // A field with nothing yet (undefined) opens on an empty draft.
    const { result } = renderHook(() => useTemplatePopup(undefined, EMPTY, write));
    act(() => result.current.show());
    act(() => result.current.save());
    expect(result.current.state).toEqual({ draft: '', error: EMPTY });
    act(() => result.current.edit('  '));
    expect(result.current.state?.error).toBe(EMPTY);
    act(() => result.current.edit('E'));
    expect(result.current.state).toEqual({ draft: 'E' });
    expect(write).not.toHaveBeenCalled();
  });

  it('changes nothing on Cancel, and a new opening starts again from the field value', () => {
    const write = vi.fn();
    const { result } = renderHook(() => useTemplatePopup('Trip {{trip_id}}', EMPTY, write));
    act(() => result.current.show());
    act(() => result.current.edit(''));
    act(() => result.current.save());
    act(() => result.current.cancel());
    expect(result.current.state).toBeNull();
    act(() => result.current.show());
    expect(result.current.state).toEqual({ draft: 'Trip {{trip_id}}' });
    expect(write).not.toHaveBeenCalled();
  });
});
