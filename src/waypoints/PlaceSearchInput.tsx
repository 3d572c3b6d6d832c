import { AutoComplete, Flex, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { readLatLng } from '../../schemas/formats';
import { LATLNG_MESSAGE } from '../../schemas/directions';
import { resolvePlace, searchPlaces, type ChosenPlace, type PlaceOption } from './waypointApi';
import { SEARCH_DEBOUNCE_MS } from '../../engine/search';

/**
 * The new waypoint's place: search by name (place suggestions) or type "lat,lng" (reverse geocoded), then pick one
 * of the answers. Typing away from a chosen place un-chooses it (`onChoose(null)`), so the row never keeps a place
 * it does not show.
 */
export function PlaceSearchInput({
  value,
  onChoose,
  disabled,
}: {
  value: string;
  onChoose: (place: ChosenPlace | null) => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState(value);
  const [options, setOptions] = useState<PlaceOption[]>([]);
  // Two numbers with a comma read as coordinates: out of range ('95,200') they are told so, not searched in silence.
  const badLatLng = /^\s*[+-]?\d+(\.\d+)?\s*,\s*[+-]?\d+(\.\d+)?\s*$/.test(text) && readLatLng(text) === null;
  const hintId = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const controller = useRef<AbortController>(undefined);

  useEffect(() => setText(value), [value]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  const search = (input: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      controller.current?.abort();
      const mine = new AbortController();
      controller.current = mine;
      const found = await searchPlaces(input, mine.signal);
      if (!mine.signal.aborted) setOptions(found);
    }, SEARCH_DEBOUNCE_MS);
  };

  const choose = async (placeId: string) => {
    const option = options.find((o) => o.placeId === placeId);
    const place = option ? await resolvePlace(option) : null;
    if (!place) return;
    setText(place.address);
    onChoose(place);
  };

  return (
    <Flex vertical>
      <AutoComplete
        aria-label="Search a place or lat,lng"
        aria-invalid={badLatLng || undefined}
        aria-describedby={badLatLng ? hintId : undefined}
        status={badLatLng ? 'error' : undefined}
        notFoundContent={text.trim().length >= 3 && !badLatLng ? 'No places found' : undefined}
        value={text}
        options={options.map((o) => ({ value: o.placeId, label: o.description }))}
        onSearch={search}
        onSelect={(placeId: string) => void choose(placeId)}
        onChange={(next: string) => {
          // Picking an option first reports its value (the place id): the chosen place's address replaces it.
          if (options.some((o) => o.placeId === next)) return;
          setText(next);
          if (value && next !== value) onChoose(null);
        }}
        placeholder="Search a place or lat,lng"
        disabled={disabled}
        style={{ width: '100%' }}
        allowClear
      />
      {badLatLng && (
        <Typography.Text type="danger" id={hintId} style={{ fontSize: 12 }}>
          {LATLNG_MESSAGE}
        </Typography.Text>
      )}
    </Flex>
  );
}
