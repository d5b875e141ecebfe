// Messages shared by the server and the app that the first load needs: a module without zod, so
// the sign-in and home screens do not download the schemas.

/** docs/product.md "Session": the 401 message, the same on the server and in the app. */
export const SESSION_EXPIRED = 'Session expired, please login again';
export const BLOCKED_MESSAGE = 'Your account has been blocked. Please contact support.';
