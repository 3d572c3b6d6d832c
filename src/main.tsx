import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '../engine/data/services';
import { deskToken, STORAGE } from '../engine/data/session';
import { screens } from '../screens';
import { App } from './App';
import { decode, isExpired } from './auth/tokens';
import './focus.css';
import './tables.css';
import { preloadScreen, preloadScreenRows } from './ScreenRoute';

// A signed-in desk (its login not expired: the permission gate would clear it) opening a screen's address: the screen's
// code downloads alongside the runtime config, and its first rows (once the config names the services) alongside the
// permission check.
const login = localStorage.getItem(STORAGE.token);
const signedIn = Boolean(deskToken()) && !(login && isExpired(decode(login)));
if (signedIn) preloadScreen(screens, window.location.pathname);

/** Loads the runtime config (service base URLs, maps key), then mounts the console. */
loadRuntimeConfig().then(() => {
  if (signedIn) preloadScreenRows(screens, window.location.pathname, window.location.search);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
