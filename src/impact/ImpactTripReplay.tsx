import { Alert, Spin } from 'antd';
import { useMemo } from 'react';
import { endpoint } from '../../engine/data/endpoint';
import { useEndpoint } from '../../engine/data/useEndpoint';
import type { Scope } from '../../engine/scope/scope';
import { plannedPath, TripPicture } from '../../screens/trip-replay/TripReplay';
import { compareAlerts, readTrack } from '../../screens/trip-replay/track';
import { alertImpactCalls } from '../../schemas/api/alert-impact';
import { tripCalls } from '../../schemas/api/trips';
import { tripScopeOf } from '../../schemas/trip';

const impactTripCall = endpoint(alertImpactCalls.trip);
const sectionCall = endpoint(tripCalls.tripSection);
const locationsCall = endpoint(tripCalls.tripLocations);

/**
 * One trip of a preview replayed (the trip page's map, slider, speed chart and alerts) with both sets marked: each
 * alert Added, Removed, Changed or Same as the proposed configuration makes it, against the configuration as it is.
 */
export function ImpactTripReplay({ runId, tripId, scope }: { runId: string; tripId: string; scope: Scope }) {
  const query = tripScopeOf(scope);
  const details = useEndpoint(sectionCall, { params: { tripId, section: 'trip_details' }, query });
  const pings = useEndpoint(locationsCall, { params: { tripId }, query });
  const alerts = useEndpoint(impactTripCall, { scope, params: { id: runId, tripId } });
  const track = useMemo(() => (pings.data ? readTrack(pings.data) : null), [pings.data]);
  const path = useMemo(() => plannedPath(details.data), [details.data]);
  const compared = useMemo(
    () => (alerts.data ? compareAlerts(alerts.data.before, alerts.data.after) : null),
    [alerts.data],
  );
  if (details.error || pings.error || alerts.error)
    return <Alert type="warning" showIcon title="The trip's replay could not be read" />;
  if (!track || !compared || !details.data) return <Spin />;
  return (
    <TripPicture
      title="Each alert marked Added, Removed, Changed or Same by the settings tried"
      analytics={false}
      track={track}
      path={path}
      alerts={compared}
    />
  );
}
