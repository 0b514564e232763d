/** A new captcha challenge for the widget (ADR 170), fetched with the public token and passed on unchanged. */
import { z } from "zod";
import { getApi } from "~/lib/api/client.server";
import type { Route } from "./+types/captcha.desafio";

const ChallengeSchema = z.looseObject({ parameters: z.looseObject({ algorithm: z.string() }), signature: z.string().optional() });

/** The challenge as JSON; nothing is cached. */
export async function loadCaptchaChallenge({ context }: Route.LoaderArgs): Promise<Response> {
  const challenge = await getApi(context).get("/captcha/desafio", ChallengeSchema, { as: "public" });
  return Response.json(challenge, { headers: { "Cache-Control": "no-store" } });
}
