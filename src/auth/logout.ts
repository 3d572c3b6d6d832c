import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import { clearStorage } from '../../engine/data/session';
import { authCalls } from '../../schemas/api/auth';

/** How long Logout waits for the server before ending the session here anyway. */
const LOGOUT_WAIT_MS = 5000;

/**
 * Logout: the server revokes the desk token (`POST /auth/logout`), then local storage is cleared as the spec
 * says (000, the shell). The session here ends whatever the server answers, or if it does not answer in time.
 */
export async function logout(): Promise<void> {
  try {
    await callEndpoint(endpoint(authCalls.logout), {}, { quiet: true, signal: AbortSignal.timeout(LOGOUT_WAIT_MS) });
  } finally {
    clearStorage();
  }
}
