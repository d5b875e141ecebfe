import type { authEn } from './en/auth';
import type { domainEn } from './en/domain';
import type { layoutEn } from './en/layout';
import type { messagesEn } from './en/messages';

type Of<T> = Record<keyof T, string>;

/**
 * Every area of the player app's words. A Hindi or Marathi catalogue is typed as this, so an area
 * or a key missing from either (or one English no longer has) fails the typecheck.
 */
export type Catalogue = {
  auth: Of<typeof authEn>;
  domain: Of<typeof domainEn>;
  layout: Of<typeof layoutEn>;
  messages: Of<typeof messagesEn>;
};
