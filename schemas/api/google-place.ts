import { num, shape, str } from './shapes';

/**
 * Google's place as stored with a route end, waypoint, known place or consignee: its id, and its address and
 * coordinates when known (a row's other fields are not kept).
 */
export const googlePlaceAnswer = shape(
  { place_id: str },
  { formatted_address: str, geometry: shape({ location: shape({ lat: num, lng: num }) }) },
);
