import { describe, expect, it } from "vitest";
import { RevocationQueue } from "./revocations.server";

const pair = { access_token: "a1", refresh_token: "r1" };

function fakeApi() {
  const api = { up: false, revoked: [] as string[] };
  const revoke = async (t: typeof pair) => {
    if (!api.up) throw new Error("unreachable");
    api.revoked.push(t.refresh_token);
  };
  return { api, revoke };
}

describe("revoking the tokens of a session that ended while the API was down", () => {
  it("revokes at once when the API answers", async () => {
    const { api, revoke } = fakeApi();
    api.up = true;
    const q = new RevocationQueue(revoke);
    await q.revokeOrQueue(pair);
    expect(api.revoked).toEqual(["r1"]);
    expect(q.isPending(pair)).toBe(false);
  });

  it("keeps the tokens as pending when the API cannot be reached", async () => {
    const { revoke } = fakeApi();
    const q = new RevocationQueue(revoke);
    await q.revokeOrQueue(pair);
    expect(q.isPending(pair)).toBe(true);
  });

  it("revokes them on a retry once the API is back, and forgets them", async () => {
    const { api, revoke } = fakeApi();
    const q = new RevocationQueue(revoke);
    await q.revokeOrQueue(pair);
    await q.retry();
    expect(q.isPending(pair)).toBe(true);
    api.up = true;
    await q.retry();
    expect(api.revoked).toEqual(["r1"]);
    expect(q.size).toBe(0);
  });

  it("retries by itself, without another request", async () => {
    const { api, revoke } = fakeApi();
    const q = new RevocationQueue(revoke);
    await q.revokeOrQueue(pair);
    api.up = true;
    await new Promise((r) => setTimeout(r, 1_200));
    expect(api.revoked).toEqual(["r1"]);
  });

  it("gives up on tokens past the refresh token's lifetime (they are dead anyway)", async () => {
    const { revoke } = fakeApi();
    let now = 0;
    const q = new RevocationQueue(revoke, () => now);
    await q.revokeOrQueue(pair);
    now = 31 * 24 * 60 * 60 * 1000;
    await q.retry();
    expect(q.size).toBe(0);
  });
});
