import { translator } from '../core';

/** Words of the first screen and the shared pieces: dialogs, spinners, offline line, update prompt. */
export const commonEn = {
  language: 'Language',
  cancel: 'Cancel',
  closeDialog: 'Close dialog',
  errorTitle: 'Unexpected Application Error!',
  goHome: 'Go to Home',
  notFound: '404 Not Found',
  offlineLastUpdated: 'Offline - last updated',
  offlineNothingSaved: 'Offline - nothing saved yet',
  updateAvailable: 'A new version is available',
  reload: 'Reload',
  loading: 'Loading',
} as const;

export const tCommon = translator('common', commonEn);
