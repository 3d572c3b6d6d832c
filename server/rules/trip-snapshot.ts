import type { TripAnalytics, TripDetails, TripPing, TripSectionData } from '../../schemas/api/trips';
import type { TripSection } from '../../schemas/trip';
import { isRecord } from '../../schemas/guards';
import type { NewPing, TripRecord } from '../repos/trip-repository';
import type { StoredAlertConfig, TripAlert } from './trip-alerts';

/** A time (epoch ms) in ISO 8601. */
const isoOf = (ms: number) => new Date(ms).toISOString();
const iso = (ms: number | null) => (ms === null ? null : isoOf(ms));

/** The analytics' shape from the stored row (none computed yet: no alerts). */
export function analyticsOf(
  stored: { alerts: TripAlert[]; config: StoredAlertConfig[]; computedAt: number } | null,
): TripAnalytics {
  return {
    alerts: stored?.alerts ?? [],
    computed_at: stored ? iso(stored.computedAt) : null,
    config: (stored?.config ?? []).map(({ featureKey, enabled }) => ({ featureKey, enabled })),
  };
}

/** A ping as the locations call answers it (the manual ping's field names). */
export const pingOut = (p: NewPing): TripPing => ({
  device_time_utc: isoOf(p.t),
  coordinates: { lat: p.lat, lng: p.lng },
  speed: p.speed ?? null,
  temperature: p.temperature ?? null,
  locationSource: p.source,
});

/**
 * One section of a trip's snapshot (spec 002 section 3's trip data sections), or the whole document for `full`:
 * the trip, who created it (`created_by.company_id`, which the sync call is sent), its parties, assets, indent, trip
 * details and analytics (alerts are the analytics' alerts).
 */
export function tripSection(trip: TripRecord, analytics: TripAnalytics, section: TripSection): TripSectionData {
  switch (section) {
    case 'alerts':
      return analytics.alerts;
    case 'assets':
      return trip.assets;
    case 'parties':
      return trip.parties;
    case 'trip_details':
      return tripDetails(trip);
    case 'indent':
      return trip.indent;
    case 'analytics':
      return analytics;
    case 'full':
      return {
        ...tripDetails(trip),
        created_by: {
          company_id: trip.companyId,
          branch_id: trip.branchId,
          department_id: trip.departmentId,
          user: trip.createdBy,
        },
        associated_parties: trip.parties,
        assets: trip.assets,
        indent: trip.indent,
        alerts: analytics.alerts,
        analytics,
      };
  }
}

function tripDetails(trip: TripRecord): TripDetails {
  return {
    trip_id: trip.id,
    status: trip.status === 1 ? 'OPEN' : 'CLOSED',
    vehicle_number: trip.vehicleNumber,
    route_id: trip.routeId,
    started_at: isoOf(trip.startedAt),
    closed_at: iso(trip.closedAt),
    stt_minutes: trip.stt,
    path: trip.path,
    ...trip.details,
  };
}

/** The text the search index keeps for a trip: its id, vehicle, route, parties and alert names. */
export function searchText(trip: TripRecord, analytics: TripAnalytics): string {
  const parties = Object.values(trip.parties).flatMap((party) =>
    isRecord(party) || Array.isArray(party) ? Object.values<unknown>(party).filter((v) => typeof v === 'string') : [],
  );
  return [
    trip.id,
    trip.vehicleNumber,
    String(trip.details.route_label ?? ''),
    ...parties,
    ...analytics.alerts.map((a) => a.type),
  ].join(' ');
}
