import { endpoint } from '../engine/data/endpoint';
import { defineForm, defineList } from '../engine/registry/define';
import type { Scope } from '../engine/scope/scope';
import { placeCalls } from '../schemas/api/places';
import { KNOWN_PLACE_MSG, knownPlaceFormSchema, type KnownPlace } from '../schemas/known-place';
import * as registered from './known-places.meta';
import { KEYSET_PAGING } from './define';

const places = endpoint(placeCalls.placeFetch);
const createPlaces = endpoint(placeCalls.placeCreate);
const updatePlace = endpoint(placeCalls.placeUpdate);
const deletePlace = endpoint(placeCalls.placeDelete);

/**
 * A TRANSPORTER keeps its known places per consignor (spec 000 sections 5 and 6): without one chosen in the filter
 * bar, the screens say 'Please select a consignor to proceed' and send nothing.
 */
export const consignorNeeded = (scope: Scope) =>
  scope.companyType === 'TRANSPORTER' && !scope.consignorId ? KNOWN_PLACE_MSG.selectConsignor : undefined;

/** The consignor the calls name (`partnerId`), when one is chosen. */
const partner = (scope: Scope) => (scope.consignorId ? { partnerId: scope.consignorId } : {});

/** A place fetched by cpId comes as a list of one. */
const firstPlace = (data: unknown) => (Array.isArray(data) ? data[0] : data);

/**
 * /known-places: the company's known places (a TRANSPORTER's for the chosen consignor), newest first, searched and
 * paged by the server (the fetch call's `q`, `page` and `size`, answering the total beside the rows). Show opens
 * the place on a map in a modal; Delete asks first.
 */
export const knownPlacesList = defineList({
  ...registered.knownPlacesList,
  scopeNeeds: consignorNeeded,
  source: places,
  sourceInput: ({ scope }) => ({ scope, query: partner(scope) }),
  rowKey: 'cpId',
  paging: KEYSET_PAGING,
  search: { placeholder: 'Search code, label, address or user' },
  noun: 'known places',
  columns: [
    // The spec's Id column shows the code the operator gave the place, not the id the server made up (`cp_20zaj8…`).
    { title: 'Id', field: 'cpCode', sortKey: 'cpCode', width: 150 },
    { title: 'Address label', field: 'label', sortKey: 'label', width: 200 },
    { title: 'Address', field: 'address', sortKey: 'address' },
    { title: 'Updated By', field: 'updatedBy', sortKey: 'updatedBy', width: 170 },
  ],
  emptyText: 'No known places found for the given selection',
  fetchError: 'Error while fetching details',
  headerButtons: [
    { label: 'Add known place', to: '/known-places/add', primary: true },
    // The bulk sheet (spec 000 section 2.10) mounts at this path.
    { label: 'Upload', to: '/known-places/upload' },
  ],
  actionTitle: 'Actions',
  rowActions: [
    {
      kind: 'modal',
      label: 'Show',
      component: () => import('./known-places-map'),
      disabledWhen: (place) => !place.google?.geometry,
    },
  ],
  edit: { to: '/known-places/:id/edit' },
  remove: {
    endpoint: deletePlace,
    // The place's own consignor (a TRANSPORTER's place), so the delete addresses the place the row shows.
    input: (place) => ({ query: { cpId: place.cpId, ...(place.partnerId ? { partnerId: place.partnerId } : {}) } }),
    confirm: 'Are you sure to delete this known place ?',
    success: (place) => KNOWN_PLACE_MSG.deleted(place.cpId),
    error: KNOWN_PLACE_MSG.deleteFailed,
  },
});

/**
 * /known-places/add and /known-places/{id}/edit: the Google address with its coordinates (one point field: choosing
 * a chosen suggestion fills the coordinates and prefills label and address, typed coordinates look up the Google address only), then
 * label, code, address and radius. Editing keeps the Google address and coordinates ('The field cannot be edited').
 */
export const knownPlaceForm = defineForm({
  ...registered.knownPlaceForm,
  scopeNeeds: consignorNeeded,
  schema: knownPlaceFormSchema,
  columns: 2,
  uiSchema: {
    'ui:order': ['location', 'label', 'cpCode', 'address', 'geofenceRadius'],
    location: {
      'ui:field': 'geoPoint',
      'ui:options': {
        fullWidth: true,
        lockedWhenEditing: KNOWN_PLACE_MSG.readOnly,
        fills: { label: 'name', address: 'formatted_address' },
        radiusFrom: 'geofenceRadius',
      },
    },
    label: { 'ui:placeholder': 'e.g. Haldia Dock Gate 2' },
    address: { 'ui:widget': 'textarea', 'ui:options': { rows: 2 } },
    geofenceRadius: { 'ui:title': 'Geofence Radius' },
  },
  load: {
    endpoint: places,
    input: ({ scope, params }) => ({ scope, query: { cpId: params.id, ...partner(scope) } }),
    pick: firstPlace,
    error: 'Error while fetching details',
  },
  toForm: (place: KnownPlace) => ({
    location: {
      place_id: place.google.place_id,
      formatted_address: place.google.formatted_address,
      lat: place.google.geometry?.location.lat,
      lng: place.google.geometry?.location.lng,
    },
    label: place.label,
    cpCode: place.cpCode,
    address: place.address,
    geofenceRadius: place.geofenceRadius,
  }),
  // Create sends a list of one place with its Google place; update sends what the form may change (the Google
  // address and coordinates are read-only, spec 000 section 7).
  toSubmission: ({ location, label, cpCode, address, geofenceRadius }, { scope, params, editing }) =>
    editing
      ? {
          query: partner(scope),
          body: { cpId: params.id ?? '', label, cpCode, address, geofenceRadius, ...partner(scope) },
        }
      : {
          query: partner(scope),
          body: [
            {
              label,
              cpCode,
              address,
              geofenceRadius,
              google: {
                place_id: location.place_id,
                formatted_address: location.formatted_address,
                geometry: { location: { lat: location.lat, lng: location.lng } },
              },
            },
          ],
        },
  submit: { create: createPlaces, update: updatePlace },
  submitLabel: { create: 'Add known place', edit: 'Update known place' },
  messages: {
    created: KNOWN_PLACE_MSG.added,
    updated: ({ params }) => KNOWN_PLACE_MSG.updated(params.id ?? ''),
    createError: 'Error while adding',
    updateError: 'Error while updating',
    fieldOf: { [KNOWN_PLACE_MSG.duplicateCode]: 'cpCode' },
  },
  after: '/known-places',
});
