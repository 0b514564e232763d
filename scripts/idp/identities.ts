/**
 * The people the local demo identity providers know (`npm run idp`, ADR 161). Test-only: their passwords are
 * public. The library matches them to patrons by e-mail (ADR 160).
 */
export interface DemoIdentity {
  username: string;
  password: string;
  email: string;
  name: string;
}

export const IDP_PASSWORD = "sso1234";

export const DEMO_IDENTITIES: DemoIdentity[] = [
  // The demo patron "demo" of the library (same e-mail): signs in to the private area.
  { username: "ana", password: IDP_PASSWORD, email: "ana.souza@example.org", name: "Ana Beatriz Souza" },
  // Known to the institution's identity provider, unknown to the library: "user not found".
  { username: "visitante", password: IDP_PASSWORD, email: "visitante@example.org", name: "Visitante Sem Cadastro" },
];

/** The identity with this username (or e-mail) and password, or null. */
export function checkIdentity(username: string, password: string): DemoIdentity | null {
  const name = username.trim().toLowerCase();
  const found = DEMO_IDENTITIES.find((i) => i.username === name || i.email === name);
  return found && found.password === password ? found : null;
}

/** Escapes text for HTML. */
export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A small accessible page of the demo providers (one heading, labelled fields, lang set). */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font:1.125rem/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#111;background:#fff}label{display:block;font-weight:600;margin-top:1rem}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box;border:2px solid #444}button{font:inherit;margin:1rem .5rem 0 0;padding:.5rem 1rem;border:2px solid #0b3d91;background:#0b3d91;color:#fff}button.secondary{background:#fff;color:#0b3d91}.error{color:#a00000;font-weight:600}:focus{outline:3px solid #ff9e00;outline-offset:2px}</style>
</head><body><main>${body}</main></body></html>`;
}

/** Reads an application/x-www-form-urlencoded request body. */
export async function readForm(req: import("node:http").IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 256 * 1024) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
