import { SPEED_ENGINE } from '../../schemas/feature-settings';

/** One engine of a company's ETA preferences. */
interface Engine {
  id: string;
  param?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The engines list after a save of minDistance and/or avgSpeed (API.md "Settings"): the SpeedBasedTransformer
 * engine gets the values sent (a value not sent keeps the stored one); other engines and keys stay as stored.
 */
export function withSpeedParams(stored: Record<string, unknown> | null, sent: { minDistance?: number; avgSpeed?: number }): Record<string, unknown> {
  const engines: Engine[] = Array.isArray(stored?.engines) ? [...(stored.engines as Engine[])] : [];
  const at = engines.findIndex((engine) => engine?.id === SPEED_ENGINE);
  const current: Engine = at >= 0 ? engines[at]! : { id: SPEED_ENGINE, param: {} };
  const param = { ...(current.param ?? {}), ...(sent.minDistance !== undefined && { minDistance: sent.minDistance }), ...(sent.avgSpeed !== undefined && { avgSpeed: sent.avgSpeed }) };
  const next = { ...current, param };
  if (at >= 0) engines[at] = next;
  else engines.push(next);
  return { ...(stored ?? {}), engines };
}
