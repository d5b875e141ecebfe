import { configureApi } from '../api/client';
import { currentLanguage } from '../i18n/core';
import { clearToken, getToken } from '../store/token';
import { deviceId } from './device-id';
import { browserSaysOffline, markUnreachable, noteResponse } from './network';

/**
 * Hands src/api what it needs from the app (it imports nothing above itself): the token, the
 * language, the install id and the network watch. The app calls it first thing (src/main.tsx),
 * with its router navigation for a dead session; the app tests call it too, so they run the
 * same wiring.
 */
export function setUpApi(onSessionExpired?: () => void): void {
  configureApi({
    token: getToken,
    clearToken,
    language: currentLanguage,
    deviceId,
    answered: noteResponse,
    unreachable: markUnreachable,
    browserOffline: browserSaysOffline,
    ...(onSessionExpired ? { onSessionExpired } : {}),
  });
}
