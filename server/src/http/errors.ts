/** An error with the HTTP status the client gets and a message safe to show it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 429 | 503,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
