import { describe, expect, it } from "vitest";
import { selfServiceUrl, type SiteConfig } from "./site-config.server";

const config = (autoatendimento: SiteConfig["autoatendimento"], endereco_web: string | null = "https://biblioteca.example.org/") =>
  ({ instituicao: { codEmpresa: 1, endereco_web }, activities: [], guias: [], autoatendimento }) as SiteConfig;

describe("the self-service kiosk link (spec §2 top bar)", () => {
  it("opens login_auto_atendimento with company, library, language, numeric keypad false and authentication type", () => {
    const url = new URL(selfServiceUrl(config({ showAuto: true, codBibAuto: 2, authAuto: "senha", idiomaAuto: null }), "en")!);
    expect(url.origin + url.pathname).toBe("https://biblioteca.example.org/login_auto_atendimento");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      codEmpresa: "1",
      codBib: "2",
      idioma: "en",
      tecladoNumerico: "false",
      tipoAutenticacao: "senha",
    });
  });

  it("is absent when the server does not enable it, or the institution has no web address of its own", () => {
    expect(selfServiceUrl(config({ showAuto: false, codBibAuto: 1, authAuto: "senha" }), "pt")).toBeNull();
    expect(selfServiceUrl(config({ showAuto: "N", codBibAuto: 1 }), "pt")).toBeNull();
    expect(selfServiceUrl(config({ showAuto: true, codBibAuto: 1 }, "javascript:alert(1)"), "pt")).toBeNull();
  });
});
