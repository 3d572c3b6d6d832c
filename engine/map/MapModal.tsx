import { Modal, Typography } from 'antd';
import { MAP_MODAL_HEIGHT, PLACE_MAP_ZOOM, placeMarker, type MapPlace } from './markers';
import { MapView } from './MapView';
import type { MapProvider } from './types';

/** What {@link MapModal} shows. */
export interface MapModalProps {
  /** The place to show, with its geofence's radius in km when it has one; the modal is closed while there is none. */
  place: (MapPlace & { address?: string; radiusKm?: number }) | null;
  onClose: () => void;
  /** The provider to use instead of the configured one. */
  provider?: MapProvider;
}

/**
 * 'Show' of a known place (spec 000 section 2.10): a modal with the place's map, 400 px high, at the zoom of known
 * place screens, its marker's popup giving the label, its geofence drawn around it. The map mounts when the modal opens and unmounts when it closes.
 */
export function MapModal({ place, onClose, provider }: MapModalProps) {
  return (
    <Modal open={!!place} title={place?.title} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {place && (
        <>
          {place.address && <Typography.Paragraph type="secondary">{place.address}</Typography.Paragraph>}
          <MapView
            markers={[placeMarker(place)]}
            circle={place.radiusKm ? { center: place, radiusKm: place.radiusKm } : null}
            zoom={PLACE_MAP_ZOOM}
            height={MAP_MODAL_HEIGHT}
            provider={provider}
          />
        </>
      )}
    </Modal>
  );
}
