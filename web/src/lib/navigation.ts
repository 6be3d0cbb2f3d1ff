// Leaving the single-page app for another address (a payment page). Kept in an object so tests can replace it:
// jsdom's window.location cannot be spied on.

export const browserLocation = {
  /** Goes to `url` as `location.href = url` would. */
  assign: (url: string): void => {
    window.location.assign(url);
  },
};
