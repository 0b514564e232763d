/**
 * Resource route: a new captcha challenge for the widget (ADR 170). The browser cannot call the API with the
 * public token, so the portal fetches the challenge and passes it on unchanged; nothing is cached.
 */
import { z } from "zod";
import type { Route } from "./+types/captcha.desafio";
import { getApi } from "~/lib/api/client.server";

const ChallengeSchema = z.looseObject({ parameters: z.looseObject({ algorithm: z.string() }), signature: z.string().optional() });

export async function loader({ context }: Route.LoaderArgs) {
  const challenge = await getApi(context).get("/captcha/desafio", ChallengeSchema, { as: "public" });
  return Response.json(challenge, { headers: { "Cache-Control": "no-store" } });
}
