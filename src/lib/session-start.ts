export const SINCE_KEY = 'matka-play-since';

/**
 * When this session of play began (sessionStorage, so a new tab or a log-out starts afresh). The
 * layout marks it as the app opens; the reality check, loaded a few seconds later, reads it.
 */
export function sessionStart(): string {
  let since = sessionStorage.getItem(SINCE_KEY);
  if (!since) {
    since = new Date().toISOString();
    sessionStorage.setItem(SINCE_KEY, since);
  }
  return since;
}
