/**
 * Resource route: a new captcha challenge for the widget (ADR 170). The browser cannot call the API with the
 * public token, so the portal fetches the challenge and passes it on unchanged; nothing is cached.
 */
import type { Route } from "./+types/captcha.desafio";
import { loadCaptchaChallenge } from "./captcha.desafio.server";

export function loader(args: Route.LoaderArgs) {
  return loadCaptchaChallenge(args);
}
