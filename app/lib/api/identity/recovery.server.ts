/** Password recovery calls of spec §7 (`GET, POST, PUT /pessoas/{user}/recuperar-senha`), with the public token. */
import type { ApiClient } from "../client.server";
import { RecoveryChangedSchema, RecoveryStartSchema, RecoveryValidatedSchema } from "./types";

const path = (user: string) => `/pessoas/${encodeURIComponent(user)}/recuperar-senha`;

/** Step 1: asks the API to e-mail a code; the answer is the same whether or not the user exists. */
export function startRecovery(api: ApiClient, user: string, captchaToken?: string) {
  return api.get(path(user), RecoveryStartSchema, { as: "public", query: { recaptcha_token: captchaToken || undefined } });
}

/** Step 2: checks the code (ApiError 422 when it is wrong, expired or worn out). */
export function validateRecoveryCode(api: ApiClient, user: string, code: string) {
  return api.send("POST", path(user), RecoveryValidatedSchema, { as: "public", body: { code } });
}

/** Step 3: sets the new password (ApiError 422 with `errors.rules` when it breaks the rules). */
export function changeRecoveredPassword(api: ApiClient, user: string, code: string, password: string) {
  return api.send("PUT", path(user), RecoveryChangedSchema, { as: "public", body: { code, password } });
}
