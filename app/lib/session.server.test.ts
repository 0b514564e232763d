import { describe, expect, it } from "vitest";
import { isHttps } from "./cookies";
import { decryptSession, encryptSession, readSession, Session, type SessionData } from "./session.server";

const secret = "a-test-secret-that-is-long-enough-000";
const data: SessionData = {
  v: 1,
  sid: "abc",
  persistent: true,
  tokens: { access_token: "at", refresh_token: "rt" },
  user: { cod_pessoa: 7, nome_pessoa: "Ana Beatriz Souza", login: "demo", permissions: [8, 13] },
  iat: Date.now(),
  seen: Date.now(),
};

describe("session cookie encryption", () => {
  it("round-trips the session data", () => {
    expect(decryptSession(encryptSession(data, secret), secret)).toEqual(data);
  });
  it("produces a different value each time (random IV)", () => {
    expect(encryptSession(data, secret)).not.toBe(encryptSession(data, secret));
  });
  it("rejects a value encrypted with another secret", () => {
    expect(decryptSession(encryptSession(data, secret), "another-secret-that-is-long-enough-1")).toBeNull();
  });
  it("rejects a tampered value", () => {
    const value = encryptSession(data, secret);
    const i = Math.floor(value.length / 2);
    const tampered = value.slice(0, i) + (value[i] === "A" ? "B" : "A") + value.slice(i + 1);
    expect(decryptSession(tampered, secret)).toBeNull();
  });
  it("rejects garbage", () => {
    expect(decryptSession("not-a-session", secret)).toBeNull();
    expect(decryptSession(undefined, secret)).toBeNull();
  });
  it("does not contain the tokens in clear text", () => {
    expect(encryptSession(data, secret)).not.toContain("Ana");
  });
});

describe("session cookie attributes", () => {
  it("is HttpOnly, SameSite=Lax and persistent for 30 days with 'keep me logged in'", () => {
    const s = new Session(null);
    s.start({ tokens: data.tokens, user: data.user, persistent: true });
    const [cookie] = s.commit(false, secret);
    expect(cookie).toMatch(/^estante_sessao=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
  });
  it("is a browser-session cookie without 'keep me logged in'", () => {
    const s = new Session(null);
    s.start({ tokens: data.tokens, user: data.user, persistent: false });
    expect(s.commit(false, secret)[0]).not.toMatch(/Max-Age/);
  });
  it("uses the __Host- prefix and Secure over https", () => {
    const s = new Session(null);
    s.start({ tokens: data.tokens, user: data.user, persistent: false });
    const [cookie] = s.commit(true, secret);
    expect(cookie).toMatch(/^__Host-estante_sessao=/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
  });
  it("starts a new session id at login", () => {
    const s = new Session(data);
    s.start({ tokens: data.tokens, user: data.user, persistent: true });
    expect(s.data?.sid).not.toBe("abc");
  });
  it("sends nothing when the session did not change", () => {
    expect(new Session(data).commit(false, secret)).toEqual([]);
  });
  it("reads the https cookie only under its __Host- name", () => {
    const value = encryptSession(data, secret);
    const plain = new Request("https://b.example/", { headers: { cookie: `estante_sessao=${value}` } });
    const hosted = new Request("https://b.example/", { headers: { cookie: `__Host-estante_sessao=${value}` } });
    expect(readSession(plain, secret).user).toBeNull();
    expect(readSession(hosted, secret).user?.login).toBe("demo");
  });
  it("does not take a client-sent X-Forwarded-Proto: https for https (only the URL, set by a trusted proxy, counts)", () => {
    const value = encryptSession(data, secret);
    const req = new Request("http://b.example/", { headers: { cookie: `estante_sessao=${value}`, "x-forwarded-proto": "https" } });
    expect(readSession(req, secret).user?.login).toBe("demo");
    const s = new Session(structuredClone(data));
    s.setTokens({ access_token: "a2", refresh_token: "r2" });
    expect(s.commit(isHttps(req), secret).join()).toMatch(/^estante_sessao=(?!.*Secure)/);
  });
  it("reads a flash message once and clears it", () => {
    const req = new Request("http://b.example/", { headers: { cookie: "estante_aviso=session_expired" } });
    const s = readSession(req, secret);
    expect(s.takeFlash()).toBe("session_expired");
    expect(s.commit(false, secret).join()).toMatch(/estante_aviso=; Path=\/; Max-Age=0/);
  });
});

describe("sessions that end are queued for revocation on the API", () => {
  it("logout queues the pair once; an expiry (already refused by the API) does not", () => {
    const s = new Session(structuredClone(data));
    s.destroy();
    expect(s.takeEnded()).toEqual([data.tokens]);
    expect(s.takeEnded()).toEqual([]);
    const expired = new Session(structuredClone(data));
    expired.destroy({ revoke: false });
    expect(expired.takeEnded()).toEqual([]);
  });
  it("a new login over an existing session supersedes it", () => {
    const s = new Session(structuredClone(data));
    s.start({ tokens: { access_token: "at2", refresh_token: "rt2" }, user: data.user, persistent: false });
    expect(s.takeEnded()).toEqual([data.tokens]);
    expect(new Session(null).takeEnded()).toEqual([]);
  });
});

describe("session lifetimes", () => {
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;
  const at = (start: number, persistent: boolean, seen = start): SessionData => ({ ...structuredClone(data), persistent, iat: start, seen });

  it("a browser session unused for more than an hour ends, and its tokens are queued for revocation", () => {
    const s = new Session(at(0, false), null, HOUR + 1);
    expect(s.user).toBeNull();
    expect(s.takeEnded()).toEqual([data.tokens]);
    expect(s.takeFlash()).toBeNull();
    expect(s.commit(false, secret).join()).toMatch(/estante_aviso=session_expired/);
  });

  it("a browser session in use ends anyway after 12 hours", () => {
    expect(new Session(at(0, false, 12 * HOUR - 1000), null, 12 * HOUR + 1).user).toBeNull();
  });

  it("a kept session survives a week unused but not 15 days", () => {
    expect(new Session(at(0, true), null, 7 * DAY).user?.login).toBe("demo");
    expect(new Session(at(0, true), null, 15 * DAY).user).toBeNull();
  });

  it("a kept session in use ends after 30 days", () => {
    expect(new Session(at(0, true, 30 * DAY - 1000), null, 30 * DAY + 1000).user).toBeNull();
  });

  it("use is written back to the cookie at most every five minutes", () => {
    expect(new Session(at(0, false), null, 4 * 60 * 1000).dirty).toBe(false);
    const s = new Session(at(0, false), null, 6 * 60 * 1000);
    expect(s.dirty).toBe(true);
    expect(s.data?.seen).toBe(6 * 60 * 1000);
  });

  it("a cookie from before the limits existed starts counting now", () => {
    const old = structuredClone(data);
    delete old.iat;
    delete old.seen;
    const s = new Session(old, null, 5_000);
    expect(s.user?.login).toBe("demo");
    expect(s.data).toMatchObject({ iat: 5_000, seen: 5_000 });
  });
});
