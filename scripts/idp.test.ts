import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

describe("npm run idp", () => {
  it("starts both demo providers on 127.0.0.1, prints how to start Estante with them, and stops cleanly", async () => {
    const [oidcPort, samlPort] = [await freePort(), await freePort()];
    const root = path.resolve(import.meta.dirname, "..");
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/idp.ts"], {
      cwd: root,
      env: { ...process.env, OIDC_IDP_PORT: String(oidcPort), SAML_IDP_PORT: String(samlPort), PORTAL_URL: "http://localhost:3999" },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += String(d)));
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    try {
      // Up to 45 s: the child compiles the providers with tsx, slow on two busy cores (10 s was not always enough).
      let exitedEarly = false;
      void exited.then(() => (exitedEarly = true));
      for (let i = 0; i < 450 && !out.includes("npm start") && !exitedEarly; i++) await new Promise((r) => setTimeout(r, 100));
      expect(out).toContain(`OIDC_ISSUER=http://127.0.0.1:${oidcPort}`);
      expect(out).toContain(`SAML_IDP_METADATA_URL=http://127.0.0.1:${samlPort}/metadata`);
      expect(out).toContain("PUBLIC_URL=http://localhost:3999");
      const discovery = (await (await fetch(`http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`)).json()) as { issuer: string };
      expect(discovery.issuer).toBe(`http://127.0.0.1:${oidcPort}`);
      const metadata = await (await fetch(`http://127.0.0.1:${samlPort}/metadata`)).text();
      expect(metadata).toMatch(/<ds:X509Certificate>[A-Za-z0-9+/=\s]+<\/ds:X509Certificate>/);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  }, 75_000);
});
