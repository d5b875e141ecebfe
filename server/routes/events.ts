import { ResultEventSchema } from '../../src/contracts/events';
import { askedLastEventId, eventStream } from '../http/event-stream';
import { createRouter } from '../http/router';
import { unavailable } from '../services/errors';
import { liveHub } from '../services/live/hub';

export const TOO_MANY_STREAMS = 'Too many live connections right now: results still arrive by refreshing';
export const STREAMS_RESTARTING = 'The server is restarting: live results are back in a moment';

/**
 * GET /api/v1/events: results the moment they are declared or reverted on any server process, as
 * Server-Sent Events (services/live/hub.ts). Public: results are public.
 */
export function eventsRoutes() {
  const r = createRouter('/api/v1', 'Live results');
  r.get(
    '/events',
    {
      summary:
        'Server-Sent Events (text/event-stream): `result` and `revert` events (data: this schema), ids and Last-Event-ID resume (10 minutes), a comment every 25 s at most',
      auth: 'public',
      response: ResultEventSchema,
    },
    async (c) => {
      const hub = liveHub(c.get('deps'));
      const admission = hub.admit(c.get('clientAddress'));
      if (admission === 'closed') throw unavailable(STREAMS_RESTARTING, 2);
      if (admission === 'full') throw unavailable(TOO_MANY_STREAMS, 60);
      return eventStream(c, hub, askedLastEventId(c));
    },
  );
  return r;
}
