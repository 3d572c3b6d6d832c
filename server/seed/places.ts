/**
 * Real places of the embedded gazetteer (place ids, addresses and coordinates as its geocoder returns them),
 * so routes and known places of the demo open on the map and resolve through `/maps/place/details`.
 */

/** A gazetteer place as the seed uses it. */
export interface SeedPlace {
  place_id: string;
  formatted_address: string;
  lat: number;
  lng: number;
}

const p = (place_id: string, formatted_address: string, lat: number, lng: number): SeedPlace => ({
  place_id,
  formatted_address,
  lat,
  lng,
});

export const PLACES = {
  jamshedpur: p('in:po:831001:jamshedpur', 'Jamshedpur, East Singhbhum, Jharkhand 831001, India', 22.822903, 86.21501),
  adityapur: p('in:po:831013:adityapur', 'Adityapur, West Singhbhum, Jharkhand 831013, India', 22.782412, 86.159915),
  tala: p('in:po:700002:tala', 'Tala, Kolkata, West Bengal 700002, India', 22.61894, 88.373169),
  haldia: p('in:po:721604:haldia', 'Haldia, East Midnapore, West Bengal 721604, India', 22.066639, 88.114494),
  rourkela: p('in:po:769001:rourkela', 'Rourkela, Sundergarh, Odisha 769001, India', 22.226144, 84.864611),
  taloja: p('in:po:410208:taloja', 'Taloja, Raigarh, Maharashtra 410208, India', 19.07376, 73.123159),
  nagpur: p('in:dist:maharashtra:nagpur', 'Nagpur, Maharashtra, India', 21.150653, 79.06733),
  raipur: p('in:dist:chhattisgarh:raipur', 'Raipur, Chhattisgarh, India', 21.299044, 81.887988),
  bhiwandi: p('in:po:421308:bhiwandi', 'Bhiwandi, Thane, Maharashtra 421308, India', 19.270152, 73.070042),
  chakan: p('in:po:410501:chakan', 'Chakan, Pune, Maharashtra 410501, India', 18.750621, 73.87719),
  silvassa: p(
    'in:po:396230:silvassa',
    'Silvassa, Dadra & Nagar Haveli, Dadra & Nagar Haveli 396230, India',
    20.148677,
    73.158563,
  ),
  dankuni: p('in:po:712311:dankuni', 'Dankuni, Hooghly, West Bengal 712311, India', 22.676336, 88.289905),
  vikhroli: p('in:po:400079:vikhroli', 'Vikhroli, Mumbai, Maharashtra 400079, India', 19.102543, 72.925431),
  vashi: p('in:po:400703:vashi', 'Vashi, Thane, Maharashtra 400703, India', 19.079355, 72.999201),
  panvel: p('in:po:410206:panvel', 'Panvel, Raigarh, Maharashtra 410206, India', 19.000914, 73.205759),
  khopoli: p('in:po:410203:khopoli', 'Khopoli, Raigarh, Maharashtra 410203, India', 18.779474, 73.300123),
  chembur: p('in:po:400071:chembur', 'Chembur, Mumbai, Maharashtra 400071, India', 19.052112, 72.900668),
  sanand: p('in:po:382110:sanand', 'Sanand, Ahmedabad, Gujarat 382110, India', 22.96878, 72.354792),
  ahmedabad: p('in:dist:gujarat:ahmedabad', 'Ahmedabad, Gujarat, India', 23.019748, 72.561066),
} as const;

export type PlaceKey = keyof typeof PLACES;

/** The stored form of a route end, waypoint or known place at a seed place. */
export function placeJson(key: PlaceKey, label: string, cpCode: string, geofenceRadius = 2) {
  const place = PLACES[key];
  return {
    label,
    address: place.formatted_address,
    cpCode,
    geofenceRadius,
    google: {
      place_id: place.place_id,
      formatted_address: place.formatted_address,
      geometry: { location: { lat: place.lat, lng: place.lng } },
    },
  };
}
