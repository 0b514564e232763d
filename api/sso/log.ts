/**
 * The single sign-on failure log (ADR 162): one line per failed attempt naming the protocol, the step and the
 * cause (the provider's error, the failing check), so an IT department can fix its side. Never a token, an
 * assertion, a code or a person's data: callers pass causes, not payloads.
 */
export type SsoStep = "metadata" | "discovery" | "start" | "response" | "callback" | "userinfo" | "match" | "logout";

/** Writes one line to stderr: `[estante] sso <protocol> <step> failed: <cause>`. */
export function ssoLog(protocol: "oidc" | "saml", step: SsoStep, cause: string): void {
  // Causes from libraries may quote parts of what was received; keep the line short and on one line.
  const line = cause.replace(/\s+/g, " ").slice(0, 500);
  console.warn(`[estante] sso ${protocol} ${step} failed: ${line}`);
}
