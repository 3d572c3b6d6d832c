import { AutoComplete, Col, Form, Input, Row, Skeleton } from 'antd';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PLACE_MAP_ZOOM, placeMarker } from '../map/markers';
import { collectErrors } from './PlaceField';
import { geocodeAddress, placeDetails, reverseGeocode, suggestPlaces, type GeoPlace } from './placeApi';
import { SEARCH_DEBOUNCE_MS } from '../search';
import { isRecord } from '../data/pick';
import { contextValues, editedRecord, isNumber, isText, optional, uiOptions } from './uiOptions';

/** The map loads (with its provider) only when a form shows a point. */
const MapView = lazy(() => import('../map/MapView').then((m) => ({ default: m.MapView })));

/**
 * A point as the field keeps it: the geocoder's place and its coordinates. A coordinate typed that is not a number
 * (letters, too many digits) is kept as the text typed, so the form's check says it is malformed, not missing.
 */
export interface GeoPointValue {
  place_id?: string;
  formatted_address?: string;
  lat?: number | string;
  lng?: number | string;
}

/** A decimal number as typed (sign, digits, an optional fraction and exponent). */
const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** A typed coordinate: nothing when blank, the number when it is a finite one, else the text itself (malformed). */
export function parseCoordinate(text: string): number | string | undefined {
  const typed = text.trim();
  if (!typed) return undefined;
  const number = DECIMAL.test(typed) ? Number(typed) : Number.NaN;
  return Number.isFinite(number) ? number : typed;
}

const coordinateText = (value: number | string | undefined) =>
  value === undefined || value === null ? '' : String(value);

/** What a chosen place can fill in the form's other fields (`ui:options.fills`). */
type PlacePart = 'name' | 'formatted_address';

/** `ui:options` of the field. */
export interface GeoPointOptions {
  /** While the form edits a record (`formContext.record`), the field is read-only and says this under each input. */
  lockedWhenEditing?: string;
  /** Sibling fields set from a chosen place (e.g. `{ label: 'name', address: 'formatted_address' }`). */
  fills?: Record<string, PlacePart>;
  /** Height of the map preview under the inputs (px); 0 hides it. */
  mapHeight?: number;
  /** A sibling field holding the geofence radius in km: its value as typed is drawn as a circle around the point. */
  radiusFrom?: string;
}

const isPlaceFills = (value: unknown): value is Record<string, PlacePart> =>
  isRecord(value) && Object.values(value).every((part) => part === 'name' || part === 'formatted_address');

/** The field's options as its config wrote them (each left out or malformed: not set). */
const geoPointOptions = (uiSchema: unknown): GeoPointOptions => {
  const options = uiOptions(uiSchema);
  return {
    lockedWhenEditing: optional(options.lockedWhenEditing, isText),
    fills: optional(options.fills, isPlaceFills),
    mapHeight: optional(options.mapHeight, isNumber),
    radiusFrom: optional(options.radiusFrom, isText),
  };
};

/** Delay before suggestions are asked for, and before typed coordinates are looked up (ms). */
const SUGGEST_DELAY = SEARCH_DEBOUNCE_MS;
const REVERSE_DELAY = 500;

/** Whether a point's coordinates are both numbers, within the earth's ranges. */
const inRange = (point: GeoPointValue): point is GeoPointValue & { lat: number; lng: number } =>
  typeof point.lat === 'number' &&
  typeof point.lng === 'number' &&
  Math.abs(point.lat) <= 90 &&
  Math.abs(point.lng) <= 180;

/** Decimals a dropped point keeps (about 0.1 m): the map's own reading has fifteen. */
const DROPPED_DECIMALS = 6;
const roundCoordinate = (value: number) => Number(value.toFixed(DROPPED_DECIMALS));

/** The geofence radius (km) the form holds now in `field`, when it is a positive number. */
function radiusOf(formContext: unknown, field: string | undefined): number | undefined {
  const values = contextValues(formContext);
  const radius = field && isRecord(values) ? values[field] : undefined;
  return typeof radius === 'number' && radius > 0 ? radius : undefined;
}

/** The first line of an address, for a place the geocoder gives no name. */
const nameOf = (place: GeoPlace) => place.name || place.formatted_address.split(',')[0];

/**
 * A point on the map as three linked inputs (spec 000 section 4, the known place form): an address search over the
 * geocoder's suggestions (choosing one, or leaving an address typed, fills the coordinates), latitude and longitude
 * (entering both looks up the address there), and a map preview of the point, which the operator may drag (the drop
 * sets both coordinates and looks up the address there), with the form's geofence radius drawn around it
 * (`radiusFrom`). Each message shows under its input
 * (the place id's under the search). In edit mode it can be read-only, saying why (`lockedWhenEditing`).
 */
export function GeoPointField({
  formData,
  onChange,
  errorSchema,
  schema,
  uiSchema,
  fieldPathId,
  disabled,
  readonly,
  required,
  registry,
}: FieldProps) {
  // Untyped props: the field also sets its siblings (`fills`), whose values are not points.
  const value: GeoPointValue = formData ?? {};
  const options = geoPointOptions(uiSchema);
  const editing = Boolean(editedRecord(registry.formContext));
  const lockedText = editing ? options.lockedWhenEditing : undefined;
  const locked = disabled || readonly || Boolean(lockedText);
  const [text, setText] = useState(value.formatted_address ?? '');
  // The coordinates as typed ('18.' while typing, letters), shown until the value changes to something else.
  const [latText, setLatText] = useState(() => coordinateText(value.lat));
  const [lngText, setLngText] = useState(() => coordinateText(value.lng));
  useEffect(() => {
    setLatText((typed) => (parseCoordinate(typed) === value.lat ? typed : coordinateText(value.lat)));
  }, [value.lat]);
  useEffect(() => {
    setLngText((typed) => (parseCoordinate(typed) === value.lng ? typed : coordinateText(value.lng)));
  }, [value.lng]);
  const [suggestions, setSuggestions] = useState<{ value: string; label: string }[]>([]);
  const latest = useRef(value);
  latest.current = value;
  const suggestTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const reverseTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController>(undefined);
  // A place found or loaded shows its address; un-choosing one (typing on) leaves the typed text alone.
  useEffect(() => {
    if (value.formatted_address !== undefined) setText(value.formatted_address);
  }, [value.formatted_address]);
  useEffect(
    () => () => {
      clearTimeout(suggestTimer.current);
      clearTimeout(reverseTimer.current);
      pending.current?.abort();
    },
    [],
  );

  /** A coordinate's own schema (its title, its message), when the field's schema gives one. */
  const property = (key: 'lat' | 'lng') => {
    const found = schema.properties?.[key];
    return typeof found === 'object' ? found : undefined;
  };
  const requiredKeys = new Set(schema.required ?? []);
  const title = uiSchema?.['ui:title'] ?? schema.title ?? 'Address';
  const { lat: latErrors, lng: lngErrors, ...placeErrors }: ErrorSchema = errorSchema ?? {};
  const id = fieldPathId.$id;
  const path = fieldPathId.path;

  const set = (next: GeoPointValue) => onChange(next, path);
  /** A new abortable request, cancelling the one before (a later answer must not be overwritten by an older one). */
  const fresh = () => {
    pending.current?.abort();
    pending.current = new AbortController();
    return pending.current.signal;
  };
  /**
   * Takes a place the geocoder found: its id, address and coordinates. Only a suggestion the operator chose (`fill`)
   * also fills the form's other fields: a look-up of typed text or coordinates must not replace a label they typed.
   */
  const take = (place: GeoPlace, { keepPoint = false, fill = false } = {}) => {
    const point = keepPoint ? { lat: latest.current.lat, lng: latest.current.lng } : place.geometry.location;
    set({
      ...latest.current,
      place_id: place.place_id,
      formatted_address: place.formatted_address,
      lat: point.lat,
      lng: point.lng,
    });
    if (!fill) return;
    for (const [field, part] of Object.entries(options.fills ?? {})) {
      onChange(part === 'name' ? nameOf(place) : place.formatted_address, [...path.slice(0, -1), field]);
    }
  };

  const search = (input: string) => {
    setText(input);
    clearTimeout(suggestTimer.current);
    suggestTimer.current = setTimeout(async () => {
      const found = await suggestPlaces(input, fresh());
      setSuggestions(found.map((s) => ({ value: s.place_id, label: s.description })));
    }, SUGGEST_DELAY);
  };
  const choose = async (placeId: string) => {
    const place = await placeDetails(placeId);
    if (place) take(place, { fill: true });
  };
  /** An address typed and left without choosing a suggestion: the geocoder's first place for it. */
  const settle = async () => {
    if (latest.current.place_id || !text.trim()) return;
    const place = await geocodeAddress(text, fresh());
    if (place && !latest.current.place_id) take(place);
  };
  /**
   * Typed coordinates (or a marker dropped): the place is no longer the chosen one; once both are valid, the address
   * there is looked up.
   */
  const setPoint = (patch: Pick<GeoPointValue, 'lat' | 'lng'>) => {
    const next = { ...value, ...patch, place_id: undefined, formatted_address: undefined };
    set(next);
    setText('');
    clearTimeout(reverseTimer.current);
    if (!inRange(next)) return;
    const { lat, lng } = next;
    reverseTimer.current = setTimeout(async () => {
      const place = await reverseGeocode(lat, lng, fresh());
      if (place && latest.current.lat === lat && latest.current.lng === lng) take(place, { keepPoint: true });
    }, REVERSE_DELAY);
  };

  /**
   * A coordinate's messages: one that is typed but not a number says the schema's own text for the coordinate (its
   * range), as a number out of range does, rather than the generic one for letters in a number field.
   */
  const coordinateItem = (errors: unknown, typed: number | string | undefined, key: 'lat' | 'lng') => {
    const schemaOf = property(key);
    const own = isRecord(schemaOf) ? schemaOf.errorMessage : undefined;
    if (typeof typed === 'string' && typeof own === 'string' && collectErrors(errors).length)
      return item({ __errors: [own] });
    return item(errors);
  };
  const item = (errors: unknown) => {
    const messages = collectErrors(errors);
    return {
      validateStatus: messages.length ? ('error' as const) : undefined,
      help: messages.join(' ') || undefined,
      extra: lockedText,
    };
  };
  const hasPoint = inRange(value);
  const mapHeight = options.mapHeight ?? 220;
  const radiusKm = radiusOf(registry.formContext, options.radiusFrom);
  return (
    <Form component={false} layout="vertical">
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item
            label={title}
            required={required || requiredKeys.has('place_id')}
            htmlFor={`${id}_search`}
            {...item(placeErrors)}
          >
            <AutoComplete
              id={`${id}_search`}
              value={text}
              options={suggestions}
              onSearch={search}
              onSelect={(placeId: string) => void choose(placeId)}
              onBlur={() => void settle()}
              onChange={(next) => {
                // Typing away from the chosen address un-chooses it; the coordinates stay until another place is found.
                if (value.place_id && next !== value.formatted_address)
                  set({ ...value, place_id: undefined, formatted_address: undefined });
              }}
              disabled={locked}
              placeholder="Search a place, area or PIN code"
              allowClear={!locked}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            label={property('lat')?.title ?? 'Latitude'}
            required={requiredKeys.has('lat')}
            htmlFor={`${id}_lat`}
            {...coordinateItem(latErrors, value.lat, 'lat')}
          >
            <Input
              id={`${id}_lat`}
              inputMode="decimal"
              value={latText}
              disabled={locked}
              onChange={(e) => {
                setLatText(e.target.value);
                setPoint({ lat: parseCoordinate(e.target.value) });
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            label={property('lng')?.title ?? 'Longitude'}
            required={requiredKeys.has('lng')}
            htmlFor={`${id}_lng`}
            {...coordinateItem(lngErrors, value.lng, 'lng')}
          >
            <Input
              id={`${id}_lng`}
              inputMode="decimal"
              value={lngText}
              disabled={locked}
              onChange={(e) => {
                setLngText(e.target.value);
                setPoint({ lng: parseCoordinate(e.target.value) });
              }}
            />
          </Form.Item>
        </Col>
        {hasPoint && mapHeight > 0 && (
          <Col span={24} data-testid="point-map">
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: mapHeight }} />}>
              <MapView
                markers={[
                  {
                    ...placeMarker({ lat: value.lat, lng: value.lng, title: value.formatted_address || title }),
                    draggable: !locked,
                  },
                ]}
                circle={radiusKm ? { center: { lat: value.lat, lng: value.lng }, radiusKm } : null}
                onMarkerMove={(_, point) =>
                  setPoint({ lat: roundCoordinate(point.lat), lng: roundCoordinate(point.lng) })
                }
                zoom={PLACE_MAP_ZOOM}
                height={mapHeight}
              />
            </Suspense>
          </Col>
        )}
      </Row>
    </Form>
  );
}
