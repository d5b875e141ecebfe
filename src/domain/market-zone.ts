/**
 * The market time zone until the server's GET /config says otherwise (docs/game-rules.md). Its own
 * module, without dayjs, so the first load can name it without the time maths.
 */
export const DEFAULT_MARKET_TZ = 'Asia/Kolkata';
