import type { Lang } from '../i18n/languages';
import { api } from './client';
import type { Envelope } from './types';

/** PUT /user/language: the server keeps the player's language (messages, SMS, pushes). */
export async function saveLanguageOnServer(language: Lang): Promise<void> {
  await api.put('user/language', { json: { language } }).json<Envelope<unknown>>();
}
