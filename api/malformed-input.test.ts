/**
 * Table-driven malformed input over EVERY endpoint of the OpenAPI document (so endpoints added later are
 * covered without touching this file): wrong types, huge and non-finite numbers, arrays for scalars, invalid
 * percent-encoding, 100 KB values, bodies that are not JSON or use the wrong Content-Type. Whatever the answer,
 * it must be a client error (or success), never a 5xx, and always in the API's JSON error shape.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BODY_LIMIT } from "./app.ts";
import { createTestApi, login } from "./lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;

beforeAll(async () => {
  t = await createTestApi({ titles: 2 });
  token = (await login(t.app, "demo")).access_token;
  paths = (await (await t.app.request("/api/openapi.json")).json()).paths;
});
afterAll(async () => t.cleanup());

const BAD_SCALARS = ["abc", "-1", "1.5", "NaN", "1e309", "99999999999999999999", "", "x".repeat(100_000), "%E0%A4%A", "<b>x</b>"];
const WRITE = new Set(["post", "put", "patch", "delete"]);

/** `/api/acervo/{id}` with `value` in every path parameter (percent-encoded unless it is the raw bad escape). */
function fill(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, () => (value.startsWith("%") ? value : encodeURIComponent(value)));
}

function operations() {
  const ops: Array<{ method: string; path: string; query: string[] }> = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const query = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      ops.push({ method: method.toUpperCase(), path, query });
    }
  }
  return ops;
}

async function expectClientError(res: Response, what: string) {
  expect(res.status, what).toBeLessThan(500);
  // Feeds (iCalendar and the like) answer in their own format; JSON endpoints in the API's error shape.
  if (res.status >= 400 && (res.headers.get("content-type") ?? "").includes("json")) {
    const body = await res.json().catch(() => null);
    expect(body, what).toMatchObject({ message: expect.any(String) });
  }
}

const auth = () => ({ authorization: `Bearer ${token}`, lang: "5" });

describe("malformed input never yields a 5xx", () => {
  it("covers the documented endpoints (sanity: the table is not empty)", () => {
    expect(operations().length).toBeGreaterThan(30);
    expect(operations().filter((o) => WRITE.has(o.method.toLowerCase())).length).toBeGreaterThan(8);
  });

  it("bad path and query values on every endpoint", async () => {
    for (const op of operations()) {
      for (const v of BAD_SCALARS) {
        const qs = op.query.flatMap((q) => [`${q}=${v.startsWith("%") ? v : encodeURIComponent(v)}`, `${q}=2`]).join("&");
        const url = `${fill(op.path, v)}${qs ? `?${qs}` : ""}`;
        const init: RequestInit = { method: op.method, headers: auth() };
        if (WRITE.has(op.method.toLowerCase())) {
          init.headers = { ...auth(), "content-type": "application/json" };
          init.body = "{}";
        }
        await expectClientError(await t.app.request(url, init), `${op.method} ${url.slice(0, 120)}`);
      }
    }
  }, 120_000); // every operation × every bad value, one after another: ~10 s on SQLite, longer on PostgreSQL

  it("bodies that are not JSON, the wrong shape, or the wrong Content-Type on every write", async () => {
    const huge = "x".repeat(100_000);
    const wrongShapes = [
      "[]",
      "null",
      '"text"',
      "42",
      JSON.stringify({ acervos: "x", acervo: [1, 2], texto: huge, emails: [[]], cod_acervo: "99999999999999999999" }),
      '{"codigo":1e309,"cod_acervo":99999999999999999999,"acervos":[1e309]}',
    ];
    const bodies: Array<[string, string]> = [
      ["application/json", "{"],
      ["application/json", '{"a":'],
      ["text/plain", "hello"],
      ["application/xml", "<a/>"],
      ["application/x-www-form-urlencoded", "a=%E0%A4%A&b=1&b=2"],
      ["application/json", ""],
      ["application/json", "{}"],
      // Multipart without a boundary, with a broken part, and a well-formed one with fields no write expects.
      ["multipart/form-data", "--x\r\n"],
      ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data\r\n\r\n1"],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
      ...wrongShapes.map((b): [string, string] => ["application/json", b]),
    ];
    for (const op of operations().filter((o) => WRITE.has(o.method.toLowerCase()))) {
      for (const [type, body] of bodies) {
        const url = fill(op.path, "1");
        const res = await t.app.request(url, { method: op.method, headers: { ...auth(), "content-type": type }, body });
        await expectClientError(res, `${op.method} ${url} ${type} ${body.slice(0, 40)}`);
      }
      // No body and no type at all (a bodiless POST, PUT or DELETE).
      const url = fill(op.path, "1");
      const res = await t.app.request(url, { method: op.method, headers: auth() });
      await expectClientError(res, `${op.method} ${url} without a body`);
    }
  });

  it("malformed JSON and a wrong Content-Type are a 400 in the error shape (the token endpoint too)", async () => {
    for (const [type, body] of [
      ["application/json", "{"],
      ["text/plain", "grant_type=password"],
    ]) {
      const res = await t.app.request("/api/oauth/token", { method: "POST", headers: { "content-type": type, lang: "5" }, body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: expect.stringMatching(/corpo_invalido|tipo_conteudo/), message: expect.any(String) });
    }
  });

  it("a body over the limit is a 413 in the error shape, declared or streamed", async () => {
    const big = "a".repeat(API_BODY_LIMIT + 1);
    const declared = await t.app.request("/api/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `password=${big}`,
    });
    expect(declared.status).toBe(413);
    expect((await declared.json()).code).toBe("corpo_grande");
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`grant_type=password&username=demo&password=${big}`));
        controller.close();
      },
    });
    const streamed = await t.app.request(
      new Request("http://x/api/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
  });
});
