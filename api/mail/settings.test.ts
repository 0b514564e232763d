import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_FROM, addressProblem, mailSettingsFromEnv, smtpUrlProblem } from "./index.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-mail-settings-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the mail settings", () => {
  it("sends from MAIL_FROM with MAIL_REPLY_TO, and from the default sender when they are unset", () => {
    expect(mailSettingsFromEnv({ MAIL_FROM: "Biblioteca <b@ufd.example>", MAIL_REPLY_TO: "a@ufd.example", SMTP_URL: "smtp://h:25" })).toEqual({
      smtpUrl: "smtp://h:25",
      from: "Biblioteca <b@ufd.example>",
      replyTo: "a@ufd.example",
    });
    expect(mailSettingsFromEnv({ MAIL_FROM: "", SMTP_URL: "" })).toEqual({ smtpUrl: undefined, from: DEFAULT_FROM, replyTo: undefined });
  });

  it("accepts one address with or without a name, and nothing else", () => {
    expect(addressProblem("Biblioteca Central <biblioteca@ufd.example>")).toBeNull();
    expect(addressProblem("biblioteca@ufd.example")).toBeNull();
    for (const bad of ["biblioteca", "a@ufd.example, b@ufd.example", "Biblioteca <>"]) expect(addressProblem(bad)).toMatch(/one e-mail address/);
  });

  it("accepts smtp:// and smtps:// URLs with a host only", () => {
    expect(smtpUrlProblem("smtps://u:p@smtp.ufd.example:465")).toBeNull();
    for (const bad of ["smtp.ufd.example", "http://smtp.ufd.example", "smtp://"]) expect(smtpUrlProblem(bad)).toMatch(/smtp:\/\/ or smtps:\/\//);
  });

  // `npm start` runs the same server.ts (built); its settings are checked before anything else happens.
  it("stops the server at start with exit code 1 and the setting's name when MAIL_FROM is not an address", async () => {
    const start = run("npx", ["--no-install", "tsx", "server.ts"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, PORT: "1", MAIL_FROM: "biblioteca", MAIL_REPLY_TO: "x@ufd.example" },
      timeout: 60_000,
    });
    await expect(start).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/cannot start[\s\S]*MAIL_FROM: must be one e-mail address/) });
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 90_000);
});
