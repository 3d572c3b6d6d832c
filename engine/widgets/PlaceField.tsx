import { AutoComplete, Col, Form, Input, InputNumber, Row } from 'antd';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { useScope } from '../scope/useScope';
import {
  geocodeAddress,
  knownPlace,
  placeDetails,
  searchKnownPlaces,
  suggestPlaces,
  type KnownPlaceHit,
} from './placeApi';
import { SEARCH_DEBOUNCE_MS } from '../search';
import { isRecord } from '../data/pick';
import { isTextList } from './uiOptions';

interface PlaceValue {
  label?: string;
  address?: string;
  cpCode?: string;
  geofenceRadius?: number;
  google?: { place_id?: string; formatted_address?: string; geometry?: { location: { lat: number; lng: number } } };
}

/** Every message in an error subtree, so errors on nested keys (google.place_id) show under the field. */
export function collectErrors(errorSchema: unknown): string[] {
  if (!errorSchema || typeof errorSchema !== 'object') return [];
  const own = isRecord(errorSchema) && isTextList(errorSchema.__errors) ? errorSchema.__errors : [];
  const nested = Object.entries(errorSchema)
    .filter(([key]) => key !== '__errors')
    .flatMap(([, child]) => collectErrors(child));
  return [...new Set([...own, ...nested])];
}

/** An option of the search: a company's known place ('cp:' and its cpId) or a geocoder's place ('g:' and its id). */
type Option = { value: string; label: string };
const KNOWN = 'cp:';
const GEO = 'g:';

/** The search's options, in groups: the company's known places first, then the geocoder's places. */
export function placeOptions(
  known: KnownPlaceHit[],
  found: { place_id: string; description: string }[],
): { label: string; options: Option[] }[] {
  return [
    {
      label: 'Known places',
      options: known.map((p) => ({ value: `${KNOWN}${p.cpId}`, label: `${p.label} (${p.cpCode}) - ${p.address}` })),
    },
    { label: 'Places', options: found.map((s) => ({ value: `${GEO}${s.place_id}`, label: s.description })) },
  ].filter((group) => group.options.length > 0);
}

/**
 * A route end or known place: chosen among the company's known places (spec 000 section 7, Place search) and the
 * geocoder's suggestions (debounced), plus the geofence radius (km, default 2) and an optional code. A geocoder's
 * place sets the label and address; a known place sets its label, address, code, radius and Google place.
 */
export function PlaceField({
  formData,
  onChange,
  errorSchema,
  schema,
  uiSchema,
  fieldPathId,
  disabled,
  readonly,
  required,
}: FieldProps<PlaceValue>) {
  const value: PlaceValue = formData ?? {};
  const [text, setText] = useState(value.google?.formatted_address ?? '');
  const [options, setOptions] = useState<ReturnType<typeof placeOptions>>([]);
  const [scope] = useScope();
  const hits = useRef<KnownPlaceHit[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const controller = useRef<AbortController>(undefined);
  const title = uiSchema?.['ui:title'] ?? schema.title ?? 'Place';
  // Each message under its own input: the radius's and the code's apart from the place's (address, coordinates).
  const {
    geofenceRadius: radiusErrorSchema,
    cpCode: codeErrorSchema,
    ...placeErrorSchema
  }: ErrorSchema<PlaceValue> = errorSchema ?? {};
  const errors = collectErrors(placeErrorSchema);
  const radiusErrors = collectErrors(radiusErrorSchema);
  const codeErrors = collectErrors(codeErrorSchema);
  const id = fieldPathId.$id;

  useEffect(() => setText(value.google?.formatted_address ?? ''), [value.google?.formatted_address]);

  const update = (patch: Partial<PlaceValue>) => onChange({ geofenceRadius: 2, ...value, ...patch }, fieldPathId.path);
  const search = (input: string) => {
    setText(input);
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      controller.current?.abort();
      controller.current = new AbortController();
      const { signal } = controller.current;
      const [known, found] = await Promise.all([searchKnownPlaces(input, scope, signal), suggestPlaces(input, signal)]);
      if (signal.aborted) return;
      hits.current = known;
      setOptions(placeOptions(known, found));
    }, SEARCH_DEBOUNCE_MS);
  };
  /** A known place: all it holds; read by cpId, else (out of the consignor's reach) its address geocoded. */
  const chooseKnown = async (cpId: string) => {
    const hit = hits.current.find((p) => p.cpId === cpId);
    const place = await knownPlace(cpId, scope);
    if (place) {
      setText(place.google.formatted_address ?? place.address);
      update({
        label: place.label,
        address: place.address,
        cpCode: place.cpCode,
        geofenceRadius: place.geofenceRadius,
        google: place.google,
      });
      return;
    }
    const found = hit && (await geocodeAddress(hit.address));
    if (!hit || !found) return;
    setText(found.formatted_address);
    update({
      label: hit.label,
      address: hit.address,
      cpCode: hit.cpCode,
      google: { place_id: found.place_id, formatted_address: found.formatted_address, geometry: found.geometry },
    });
  };
  const choose = async (option: string) => {
    if (option.startsWith(KNOWN)) return chooseKnown(option.slice(KNOWN.length));
    const place = await placeDetails(option.startsWith(GEO) ? option.slice(GEO.length) : option);
    if (!place) return;
    setText(place.formatted_address);
    update({
      label: place.name || place.formatted_address.split(',')[0],
      address: place.formatted_address,
      google: { place_id: place.place_id, formatted_address: place.formatted_address, geometry: place.geometry },
    });
  };
  const locked = disabled || readonly;
  return (
    <Form component={false} layout="vertical">
      <Row gutter={12}>
        <Col xs={24} md={14}>
          <Form.Item
            label={title}
            required={required}
            validateStatus={errors.length ? 'error' : undefined}
            help={errors.join(' ') || undefined}
            htmlFor={`${id}_search`}
          >
            <AutoComplete
              id={`${id}_search`}
              value={text}
              options={options}
              onSearch={search}
              onSelect={(placeId: string) => choose(placeId)}
              onChange={(next) => {
                // Typing away from the chosen address un-chooses it, so the form never keeps a place it does not show.
                if (value.google && next !== value.google.formatted_address)
                  update({ google: undefined, address: undefined, label: undefined });
              }}
              disabled={locked}
              placeholder="Search a place, area or PIN code"
              allowClear
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item
            label={`${title} Geofence Radius (km)`}
            htmlFor={`${id}_radius`}
            validateStatus={radiusErrors.length ? 'error' : undefined}
            help={radiusErrors.join(' ') || undefined}
          >
            <InputNumber
              id={`${id}_radius`}
              value={value.geofenceRadius ?? 2}
              step={0.5}
              disabled={locked}
              onChange={(next) => update({ geofenceRadius: next ?? undefined })}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item
            label={`${title} Code`}
            htmlFor={`${id}_code`}
            validateStatus={codeErrors.length ? 'error' : undefined}
            help={codeErrors.join(' ') || undefined}
          >
            <Input
              id={`${id}_code`}
              value={value.cpCode}
              disabled={locked}
              onChange={(e) => update({ cpCode: e.target.value || undefined })}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
