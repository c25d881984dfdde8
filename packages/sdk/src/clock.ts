/** Where the SDK reads the time: injected so that token expiry and cookie lifetimes are testable. */
export interface Clock {
  /** Milliseconds since the epoch, like `Date.now()`. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Whole seconds since the epoch: token expiry is compared in seconds (spec section 4). */
export function nowInSeconds(clock: Clock): number {
  return Math.floor(clock.now() / 1000);
}
