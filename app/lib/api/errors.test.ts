import { describe, expect, it } from "vitest";
import { ApiError, describeError, messageKeyFor, SessionExpiredError } from "./errors";

const err = (status: number, body?: { message?: string; code?: string }) => new ApiError(status, body ?? null);

describe("spec §8 error mapping (generic)", () => {
  it("maps a network failure to 'could not communicate with server'", () => {
    expect(messageKeyFor(err(0))).toBe("common:errors.network");
  });
  it("maps a 500 to the unexpected-error message", () => {
    expect(messageKeyFor(err(500, { message: "boom" }))).toBe("common:errors.unexpected");
  });
  it("maps a 500 from the network catalogue to the network-service message", () => {
    expect(messageKeyFor(err(500), "network-catalogue")).toBe("common:errors.network_catalogue");
  });
  it("maps a 500 with the my-library marker to the my-library e-mail message", () => {
    expect(messageKeyFor(err(500, { message: "Erro MinhaBiblioteca: e-mail" }))).toBe("common:errors.my_library");
  });
  it("shows the server's message for other statuses, 422 included", () => {
    expect(describeError(err(422, { message: "Limite de reservas excedido" }))).toEqual({
      key: "common:errors.server_message",
      values: { message: "Limite de reservas excedido" },
    });
  });
  it("maps a session expiry to 'session expired'", () => {
    expect(messageKeyFor(new SessionExpiredError())).toBe("common:errors.session_expired");
  });
  it("maps anything that is not an API error to the unexpected-error message", () => {
    expect(messageKeyFor(new Error("x"))).toBe("common:errors.unexpected");
  });
});

describe("spec §8 error mapping (login)", () => {
  it.each([
    [400, undefined, "common:auth.errors.request_failed"],
    [401, undefined, "common:auth.errors.incorrect"],
    [429, undefined, "common:auth.errors.too_many"],
    [430, undefined, "common:auth.errors.blocked"],
    [403, "ACESSO_BLOQUEADO", "common:auth.errors.blocked"],
    [500, undefined, "common:auth.errors.unknown"],
    [418, undefined, "common:auth.errors.status"],
  ])("status %s (code %s) gives %s", (status, code, key) => {
    expect(messageKeyFor(err(status, code ? { code } : undefined), "login")).toBe(key);
  });
  it("shows the server's message for a 422", () => {
    expect(describeError(err(422, { message: "Conta inativa" }), "login").values).toEqual({ message: "Conta inativa" });
  });
});
