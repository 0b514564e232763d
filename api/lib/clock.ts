/** Token lifetimes and the clock, injectable so tests can expire tokens without waiting. */
export interface AuthSettings {
  /** Current time in ms since the epoch. */
  now: () => number;
  patronAccessSeconds: number;
  publicAccessSeconds: number;
  refreshSeconds: number;
  /** How long a rotated refresh token may still be replayed (parallel requests). */
  refreshGraceSeconds: number;
  maxFailedLogins: number;
  /** Failed logins from one client address, over every username, within `lockMinutes` (ADR 111). */
  maxFailedLoginsPerIp: number;
  lockMinutes: number;
}

/** The production defaults documented in docs/api.md. */
export const defaultAuthSettings: AuthSettings = {
  now: () => Date.now(),
  patronAccessSeconds: 15 * 60,
  publicAccessSeconds: 60 * 60,
  refreshSeconds: 30 * 24 * 60 * 60,
  refreshGraceSeconds: 30,
  maxFailedLogins: 5,
  maxFailedLoginsPerIp: 30,
  lockMinutes: 15,
};
