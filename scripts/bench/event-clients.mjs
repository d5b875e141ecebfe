// One client process of scripts/bench/events.mjs: holds COUNT Server-Sent Events streams open to
// a URL (each its own connection, from LOCAL_ADDRESS) and tells the parent, per stream, when the
// first frame of the event it was asked to wait for arrived.
//   parent -> {type: 'open', url, count, localAddress}   child -> {type: 'opened', open, failed}
//   parent -> {type: 'expect', event}                    child -> {type: 'arrived', at: [ms...]}
//   parent -> {type: 'close'}
import { request } from 'node:http';

const streams = [];
let waiting = null;

/** Opens one stream; resolves once its `ready` event has arrived (the stream is live). */
function openOne(url, localAddress) {
  return new Promise((resolve) => {
    const s = { res: null, tail: '', at: null, req: null };
    const req = request(
      url,
      { agent: false, localAddress, headers: { accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          resolve(null);
          return;
        }
        s.res = res;
        res.setEncoding('utf8');
        let ready = false;
        res.on('data', (chunk) => {
          // Only the last few bytes matter: an event name split across two chunks is still found.
          const text = s.tail + chunk;
          s.tail = text.slice(-64);
          if (!ready && text.includes('event: ready')) {
            ready = true;
            resolve(s);
          }
          if (waiting && s.at === null && text.includes(`event: ${waiting}`)) s.at = Date.now();
        });
        res.on('error', () => {});
      },
    );
    s.req = req;
    req.on('error', () => resolve(null));
    req.end();
  });
}

process.on('message', async (m) => {
  if (m.type === 'open') {
    let failed = 0;
    // In batches, so the listen backlog never overflows.
    for (let i = 0; i < m.count; i += 250) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(250, m.count - i) }, () => openOne(m.url, m.localAddress)),
      );
      for (const s of batch) {
        if (s) streams.push(s);
        else failed++;
      }
    }
    process.send({ type: 'opened', open: streams.length, failed });
  } else if (m.type === 'expect') {
    for (const s of streams) s.at = null;
    waiting = m.event;
    process.send({ type: 'expecting' });
  } else if (m.type === 'collect') {
    process.send({ type: 'arrived', at: streams.map((s) => s.at) });
  } else if (m.type === 'close') {
    for (const s of streams) s.req.destroy();
    process.exit(0);
  }
});
