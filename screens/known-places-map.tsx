import { MapModal } from '../engine/map/MapModal';
import type { RowModalProps } from '../engine/list/rowActionTypes';
import type { KnownPlace } from '../schemas/known-place';

/**
 * 'Show' of a known place (spec 000 section 2.10): the map modal, 400 px high, with the place's marker and its geofence,
 * titled with its label. Loaded when a row's Show is first pressed (the list's `rowActions`).
 */
export default function KnownPlaceMap({ row, onClose }: RowModalProps<KnownPlace>) {
  const point = row.google.geometry?.location;
  return (
    <MapModal
      place={
        point
          ? {
              lat: point.lat,
              lng: point.lng,
              title: row.label,
              address: row.google.formatted_address ?? row.address,
              radiusKm: row.geofenceRadius,
            }
          : null
      }
      onClose={onClose}
    />
  );
}
