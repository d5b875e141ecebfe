import { saveLanguageOnServer } from '../api/language';
import { SAVED_KEY } from '../i18n/core';
import type { Lang } from '../i18n/languages';
import { switchLanguage } from '../i18n/switch-language';
import { useAppStore } from '../store/store';
import { getToken } from '../store/token';

function saveLanguage(next: Lang): void {
  try {
    localStorage.setItem(SAVED_KEY, next);
  } catch {
    // Private mode without storage: the choice lasts this visit.
  }
}

/**
 * The player picks a language (sign-in page or side menu): the screens switch as soon as its
 * catalogue is in, the device keeps it, and the server hears it when someone is signed in (else
 * after the next sign-in).
 */
export async function chooseLanguage(language: Lang): Promise<void> {
  saveLanguage(language);
  useAppStore.getState().setLanguageState(language, true);
  await switchLanguage(language);
  if (getToken()) await tellServer(language);
}

/** When the server last confirmed this device's choice (0: not on this page load). */
let toldAt = 0;

async function tellServer(language: Lang): Promise<void> {
  try {
    await saveLanguageOnServer(language);
    toldAt = Date.now();
    const { user } = useAppStore.getState();
    useAppStore.setState({ languagePending: false, user: user ? { ...user, language } : user });
  } catch {
    // Offline or refused: still pending, sent again with the next user refresh.
  }
}

/**
 * A fresh copy of the player from the server: a choice the server has not heard is sent to it;
 * otherwise the server's saved language is the player's (a reinstall gets it back).
 */
export function reconcileLanguage(): void {
  const state = useAppStore.getState();
  const language = state.user?.language;
  if (!language || !getToken()) return;
  if (state.languagePending) {
    // Sent even when the server already has it: sign-in gave the account the phone's language,
    // but only PUT /user/language records it as the player's choice, which then wins on every
    // device (issue 45).
    void tellServer(state.language);
    return;
  }
  if (language === state.language) return;
  // A copy asked for before the server confirmed this device's choice says what the server had
  // before it (two reads are in flight at start-up): it does not undo the choice.
  if (state.userFetchedAt !== null && state.userFetchedAt < toldAt) return;
  saveLanguage(language);
  state.setLanguageState(language, false);
  void switchLanguage(language).catch(() => undefined);
}
