import { SPEED_ENGINE } from '../../schemas/feature-settings';
import { isRecord } from '../../schemas/guards';

/**
 * The engines list after a save of minDistance and/or avgSpeed (API.md "Settings"): the SpeedBasedTransformer
 * engine gets the values sent (a value not sent keeps the stored one); other engines and keys stay as stored.
 */
export function withSpeedParams(
  stored: Record<string, unknown> | null,
  sent: { minDistance?: number; avgSpeed?: number },
): Record<string, unknown> {
  // The stored engines as they are (JSON: each an object with its id and params).
  const engines: unknown[] = Array.isArray(stored?.engines) ? [...stored.engines] : [];
  const at = engines.findIndex((engine) => isRecord(engine) && engine.id === SPEED_ENGINE);
  const found = engines[at];
  const current = isRecord(found) ? found : { id: SPEED_ENGINE, param: {} };
  const param = {
    ...(isRecord(current.param) ? current.param : {}),
    ...(sent.minDistance !== undefined && { minDistance: sent.minDistance }),
    ...(sent.avgSpeed !== undefined && { avgSpeed: sent.avgSpeed }),
  };
  const next = { ...current, param };
  if (at >= 0) engines[at] = next;
  else engines.push(next);
  return { ...(stored ?? {}), engines };
}
