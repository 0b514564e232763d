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
  /** Password recovery limits (ADR 131, docs/security.md). */
  recovery: RecoveryLimits;
}

/**
 * How much password recovery one login, one client address and everyone together may use (ADR 131). Wrong
 * codes also count against the address's login budget (`maxFailedLoginsPerIp`).
 */
export interface RecoveryLimits {
  /** Codes mailed to one login per hour; past that step 1 answers the same and sends nothing. */
  codesPerLoginPerHour: number;
  /** Codes mailed because of requests from one client address per hour; past that, as above. */
  mailsPerIpPerHour: number;
  /** Step-1 requests from one client address per hour (any user code), then 429. */
  startsPerIpPerHour: number;
  /** Step-1 requests from everyone per hour, then 429. */
  startsPerHour: number;
  /** Wrong code checks (steps 2 and 3) from everyone per 15 minutes, then 429. */
  failedChecksPer15Min: number;
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
  recovery: { codesPerLoginPerHour: 3, mailsPerIpPerHour: 10, startsPerIpPerHour: 30, startsPerHour: 300, failedChecksPer15Min: 200 },
};
