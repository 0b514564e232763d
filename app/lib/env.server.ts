/** The portal's view of the environment, validated once (server.ts validates the full set at boot). */
import crypto from "node:crypto";
import { z } from "zod";
import { parseEmbedOrigins } from "./security-headers";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  /** How long the portal waits for any API call before answering 503 (docs/security.md). */
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** Origins besides this one that may frame the embedded login (space-separated; ADR 174). */
  LOGIN_EMBED_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseEmbedOrigins(v);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * The federal government's VLibras widget (ADR 256), off by default: "1" (or "true") offers it to patrons who turn Libras on
   * in the accessibility settings; it then loads a script from vlibras.gov.br on their pages.
   */
  VLIBRAS: z
    .enum(["0", "1", "true", "false"])
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

export type PortalEnv = z.infer<typeof EnvSchema> & { SESSION_SECRET: string };

let cached: PortalEnv | null = null;

/** Reads and validates the environment once; throws a readable error on a bad value. */
export function getEnv(): PortalEnv {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid portal configuration: ${lines}`);
  }
  let secret = parsed.data.SESSION_SECRET;
  if (!secret) {
    // server.ts always sets it; this only happens under `react-router dev` or tests. Sessions then last one process.
    if (parsed.data.NODE_ENV === "production") throw new Error("SESSION_SECRET must be set (at least 32 characters).");
    secret = crypto.randomBytes(32).toString("hex");
  }
  cached = { ...parsed.data, SESSION_SECRET: secret };
  return cached;
}
