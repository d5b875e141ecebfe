/**
 * A failure that only HTTP has (a body that is not JSON, 415). Everything a use case can refuse is a
 * `ServiceError` (services/errors.ts); `error-mapper.ts` answers both.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 413 | 415,
    message: string,
  ) {
    super(message);
  }
}
