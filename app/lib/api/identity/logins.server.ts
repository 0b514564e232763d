/** The several-logins calls of spec §7 (`GET /pessoas/login`, `PUT /pessoas/troca-login`), with the patron's token. */
import { z } from "zod";
import type { ApiClient } from "../client.server";
import { PersonLoginSchema } from "./logins";

/** The logged-in person's logins. */
export function listPersonLogins(api: ApiClient) {
  return api.get("/pessoas/login", z.array(PersonLoginSchema), { as: "patron" });
}

/** Makes the session work under another of the person's logins (ApiError 404 `login_invalido` otherwise). */
export function switchPersonLogin(api: ApiClient, codigo: number, base: string | null) {
  return api.send("PUT", "/pessoas/troca-login", PersonLoginSchema, { as: "patron", body: { codigo, base } });
}
