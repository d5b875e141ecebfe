import { configureApi } from '../api/client';
import { currentLanguage } from '../i18n/core';
import { clearToken, getToken } from '../store/token';
import { browserSaysOffline, markUnreachable, noteResponse } from './network';

/** Until the router mounts (and in tests), a dead session is a plain page load of the root. */
function goToRoot(): void {
  if (window.location.pathname !== '/') window.location.assign('/');
}

/**
 * Hands src/api what it needs from the app (it imports nothing above itself): the token, the
 * language and the network watch. The store calls it when it starts (src/store/store.ts, before
 * any screen can call the server), the app tests' setup too; src/main.tsx adds its router
 * navigation for a dead session.
 */
export function setUpApi(onSessionExpired = goToRoot): void {
  configureApi({
    token: getToken,
    clearToken,
    language: currentLanguage,
    answered: noteResponse,
    unreachable: markUnreachable,
    browserOffline: browserSaysOffline,
    onSessionExpired,
  });
}
