import { useEffect, useState } from 'react';
import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import { companyCalls } from '../../schemas/api/company';
import { STORAGE, clearStorage, deskToken } from '../../engine/data/session';
import { hasPermissions, LEGO_PERMISSION, type PermissionMasks } from '../../schemas/permission-check';
import { clearIfExpired } from './tokens';

/** The text shown when a desk lacks the console permission. */
export const DENIED = 'This desk does not have Lego access';

export type GateState = { status: 'loading' } | { status: 'anonymous'; error?: string } | { status: 'allowed' };

/**
 * The login gate of spec 000 section 2.2: clears an expired session, then checks `prm.super.read` against
 * the permission records; a denied desk has its storage cleared and sees the login again with the error.
 */
export function usePermissionGate(version: number): GateState {
  const [state, setState] = useState<GateState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the trigger: a new version (a login, a 401) checks again
  useEffect(() => {
    let live = true;
    clearIfExpired();
    if (!deskToken()) {
      setState({ status: 'anonymous' });
      return;
    }
    setState({ status: 'loading' });
    const masks = JSON.parse(localStorage.getItem(STORAGE.permissions) ?? 'null') as PermissionMasks | null;
    callEndpoint(endpoint(companyCalls.permissions), {}, { quiet: true }).then((result) => {
      if (!live) return;
      const granted = result.ok && masks !== null && hasPermissions(masks, result.data ?? [], [LEGO_PERMISSION]);
      if (granted) return setState({ status: 'allowed' });
      clearStorage();
      setState({ status: 'anonymous', error: result.ok || result.status === 403 ? DENIED : result.messages.join(' ') });
    });
    return () => {
      live = false;
    };
  }, [version]);
  return state;
}
