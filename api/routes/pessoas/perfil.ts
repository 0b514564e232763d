import { createRoute, z } from "@hono/zod-openapi";
import { nameOfLogin, patronRecords, setHistoryChoice } from "../../db/account-profile.ts";
import { changePassword, institutionPasswordRules, readPersonalData, updatePersonalData } from "../../domain/account-profile.ts";
import { csvCell } from "../../domain/citations.ts";
import { personSections, registrationRecord } from "../../db/person-export.ts";
import { keepsHistory } from "../../db/loan-history.ts";
import { admitDuplicateLookup } from "../../domain/login-variants.ts";
import { EDUCATION_LEVELS, GENDERS, MARITAL_STATUSES, PERSONAL_FIELDS, type PersonalDataIssue } from "../../domain/personal-data.ts";
import { ApiError } from "../../lib/errors.ts";
import { clientIpOf, createRouter, ErrorSchema, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";
import type { Lang } from "../../lib/messages.ts";
import { MY_AREA_PATH } from "./paths.ts";
import { PROFILE_MESSAGES as MESSAGES } from "./messages.ts";

const say = (lang: Lang, key: keyof typeof MESSAGES) => MESSAGES[key][lang];

const Nullable = z.string().nullable();
const Dados = z
  .object({
    logradouro: Nullable,
    complemento: Nullable,
    cep: Nullable.openapi({ description: "00000-000" }),
    bairro: Nullable,
    cidade: Nullable,
    identidade: Nullable,
    cpf: Nullable.openapi({ description: "11 digits" }),
    nacionalidade: Nullable,
    sexo: Nullable.openapi({ enum: [...GENDERS] }),
    data_nascimento: Nullable.openapi({ description: "YYYY-MM-DD" }),
    escolaridade: Nullable.openapi({ enum: [...EDUCATION_LEVELS] }),
    localizacao: Nullable,
    profissao: Nullable,
    estado_civil: Nullable.openapi({ enum: [...MARITAL_STATUSES] }),
    recebe_email: z.boolean(),
  })
  .openapi("DadosPessoaisCampos");
const DadosPessoais = z
  .object({
    nome_pessoa: z.string(),
    email: z.string().nullable(),
    telefone: z.string().nullable(),
    email_pendente: z
      .object({ email: z.string(), expira_em: z.string().openapi({ description: "ISO-8601" }) })
      .nullable()
      .openapi({
        description: "Estante (ADR 236): a new address waiting for the confirmation link sent to it; `email` stays the address in use until then",
      }),
    categoria: z.string(),
    dados: Dados,
    editaveis: z.array(z.enum(PERSONAL_FIELDS)).openapi({ description: "The fields the institution lets the patron change" }),
  })
  .openapi("DadosPessoais");
const DadosPessoaisPut = z
  .object({
    ...(Object.fromEntries(
      PERSONAL_FIELDS.map((f) => [f, f === "recebe_email" ? z.boolean().optional() : z.string().max(1000).nullable().optional()]),
    ) as Record<string, z.ZodTypeAny>),
    telefone: z.string().max(1000).nullable().optional().openapi({
      description:
        "Estante (ADR 236): the phone, spec §5 (digits, dash, parentheses, space; at most 16); blank or null clears it; 422 telefone_invalido",
    }),
  })
  .openapi("DadosPessoaisAlteracao");

const Regras = z
  .object({
    length: z.object({ min: z.number().int(), max: z.number().int() }),
    has_numbers: z.boolean(),
    only_numbers: z.boolean(),
    special_char: z.boolean(),
    diff_case: z.boolean(),
    diff_name: z.boolean(),
    last_pw: z.number().int(),
  })
  .openapi("RegrasSenha");
const SenhaPut = z
  .object({ senhaAtual: z.string().min(1).max(256), senhaNova: z.string().min(1).max(256).openapi({ description: "Trimmed" }) })
  .openapi("TrocaSenha");
const HistoricoPut = z
  .object({
    guardar: z.boolean(),
    confirmar: z.boolean().optional().openapi({ description: "Required (true) to turn the history off: that deletes it" }),
  })
  .openapi("HistoricoPrivacidade");

const ok = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
  ...patronErrorResponses,
});

const personalGet = createRoute({
  method: "get",
  path: `/${MY_AREA_PATH}/dados-pessoais`,
  summary: "The patron's personal data (spec §3) and which fields they may change",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: ok(DadosPessoais, "Personal data"),
});
const personalPut = createRoute({
  method: "put",
  path: `/${MY_AREA_PATH}/dados-pessoais`,
  summary:
    "Changes personal data and the phone: only the fields given; CPF check digits, CEP format and the phone rule are validated; 422 names each refused field",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, body: { required: true, content: { "application/json": { schema: DadosPessoaisPut } } } },
  responses: ok(DadosPessoais, "The personal data after the change"),
});
const rulesGet = createRoute({
  method: "get",
  path: `/${MY_AREA_PATH}/senha`,
  summary: "The rules a new password must meet (spec §3 password rules)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: ok(Regras, "Password rules"),
});
const passwordPut = createRoute({
  method: "put",
  path: `/${MY_AREA_PATH}/senha`,
  summary:
    "Changes the password (spec §5 rules, last N included); ends the patron's other sessions. 422 senha_atual_incorreta | senha_fora_dos_criterios (errors.regras lists the failed rules); 429 muitas_tentativas: a wrong current password counts against the login lock",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, body: { required: true, content: { "application/json": { schema: SenhaPut } } } },
  responses: { 204: { description: "Changed" }, ...patronErrorResponses },
});
const emailGet = createRoute({
  method: "get",
  path: "/email-pessoa-logada",
  summary: "The logged-in person's e-mail",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: ok(z.object({ email: z.string().nullable() }).openapi("EmailPessoaLogada"), "E-mail"),
});
const nameGet = createRoute({
  method: "get",
  path: "/{user}/nome",
  summary:
    "A login's person name (first name only for another person's login); 30 lookups per client address per 15 minutes, shared with /duplicadas",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    params: z.object({
      user: z
        .string()
        .min(1)
        .max(100)
        .openapi({ param: { name: "user", in: "path" } }),
    }),
  },
  responses: {
    ...ok(z.object({ nome: z.string() }).openapi("NomePessoa"), "Name"),
    404: { description: "No such login", content: { "application/json": { schema: ErrorSchema } } },
    429: { description: "Too many lookups from this client address (`muitas_tentativas`)", content: { "application/json": { schema: ErrorSchema } } },
  },
});
const bundleGet = createRoute({
  method: "get",
  path: `/${MY_AREA_PATH}/meus-dados`,
  summary: "Everything the library holds about the patron (LGPD art. 18), as JSON or as one CSV (section, item, field, value)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: z.object({ formato: z.enum(["json", "csv"]).default("json") }) },
  responses: {
    200: {
      description: "The bundle, as an attachment",
      content: { "application/json": { schema: z.record(z.string(), z.unknown()) }, "text/csv": { schema: z.string() } },
    },
    ...patronErrorResponses,
  },
});
const historyGet = createRoute({
  method: "get",
  path: `/${MY_AREA_PATH}/historico-privacidade`,
  summary: "Whether the library keeps the patron's loan history",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: ok(z.object({ guardar: z.boolean(), total: z.number().int() }).openapi("HistoricoEscolha"), "Choice and number of returned loans kept"),
});
const historyPut = createRoute({
  method: "put",
  path: `/${MY_AREA_PATH}/historico-privacidade`,
  summary: "Keeps the loan history or not; turning it off deletes it and needs confirmar: true (422 confirmacao_necessaria)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, body: { required: true, content: { "application/json": { schema: HistoricoPut } } } },
  responses: ok(
    z.object({ guardar: z.boolean(), apagados: z.number().int() }).openapi("HistoricoAlterado"),
    "The choice, and how many returned loans were deleted",
  ),
});

/** /api/pessoas/...: the patron's own profile (spec §7 "Pessoas": dados-pessoais, senha, nome, e-mail) and the LGPD bundle. */
export function meuPerfilRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));
  const today = () => new Date(deps.auth.now()).toISOString().slice(0, 10);

  const personal = async (codPessoa: number) => {
    const p = await readPersonalData(db, codPessoa, deps.auth.now());
    if (!p) throw new ApiError(404, "nao_encontrado");
    return p;
  };

  app.openapi(personalGet, async (c) => c.json(await personal(patronOf(c)), 200));

  app.openapi(personalPut, async (c) => {
    const lang = c.get("lang");
    const codPessoa = patronOf(c);
    const outcome = await updatePersonalData(db, codPessoa, c.req.valid("json"), today());
    if (!outcome.ok) {
      const errors = Object.fromEntries(
        Object.entries(outcome.issues).map(([f, issue]) => [f, [say(lang, issue as PersonalDataIssue | "telefone_invalido")]]),
      );
      throw new ApiError(422, "validacao", { code: "validacao", message: say(lang, "dados_invalidos"), errors });
    }
    return c.json(await personal(codPessoa), 200);
  });

  app.openapi(rulesGet, async (c) => {
    patronOf(c);
    return c.json(await institutionPasswordRules(db), 200);
  });

  app.openapi(passwordPut, async (c) => {
    const lang = c.get("lang");
    const owner = c.get("owner");
    const codPessoa = patronOf(c);
    const body = c.req.valid("json");
    const outcome = await changePassword(db, deps.auth, codPessoa, body, owner.familia, clientIpOf(c));
    if (!outcome.ok) {
      if (outcome.reason === "muitas_tentativas") throw new ApiError(429, "muitas_tentativas");
      const message = say(lang, outcome.reason);
      const errors: Record<string, string[]> =
        outcome.reason === "senha_atual_incorreta" ? { senhaAtual: [message] } : { senhaNova: [message], regras: outcome.rules };
      throw new ApiError(422, "validacao", { code: outcome.reason, message, errors });
    }
    return c.body(null, 204);
  });

  app.openapi(emailGet, async (c) => {
    const p = await personal(patronOf(c));
    return c.json({ email: p.email }, 200);
  });

  app.openapi(nameGet, async (c) => {
    // Each answer says whether a login exists: counted per address with the duplicate-person lookups (ADR 131).
    if (!(await admitDuplicateLookup(db, clientIpOf(c), deps.auth.now()))) throw new ApiError(429, "muitas_tentativas");
    const row = await nameOfLogin(db, c.req.valid("param").user);
    if (!row) throw new ApiError(404, "nao_encontrado");
    const own = c.get("owner").codPessoa === row.cod_pessoa;
    // Anyone may check that a login exists (the swap and recovery screens greet by name); only the first name leaks.
    return c.json({ nome: own ? row.nome_pessoa : row.nome_pessoa.split(/\s+/)[0] }, 200);
  });

  app.openapi(bundleGet, async (c) => {
    const codPessoa = patronOf(c);
    const p = await personal(codPessoa);
    const [records, cadastro, sections] = await Promise.all([
      patronRecords(db, codPessoa),
      registrationRecord(db, codPessoa),
      personSections(db, codPessoa),
    ]);
    const bundle = {
      gerado_em: new Date(deps.auth.now()).toISOString(),
      dados_pessoais: { nome_pessoa: p.nome_pessoa, email: p.email, telefone: p.telefone, categoria: p.categoria, ...p.dados },
      cadastro,
      ...records,
      ...sections,
    };
    // A nested value (a request's form, a GRU's debits) is one JSON cell in the CSV.
    const cell = (v: unknown) => (v == null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v));
    const stamp = today();
    if (c.req.valid("query").formato === "csv") {
      const lines = ["secao,item,campo,valor"];
      for (const [section, value] of Object.entries(bundle)) {
        if (Array.isArray(value)) {
          value.forEach((row, i) => {
            for (const [k, v] of Object.entries(row as Record<string, unknown>)) lines.push([section, i + 1, k, cell(v)].map(csvCell).join(","));
          });
        } else if (value && typeof value === "object") {
          for (const [k, v] of Object.entries(value)) lines.push([section, 1, k, cell(v)].map(csvCell).join(","));
        } else lines.push([section, 1, section, String(value)].map(csvCell).join(","));
      }
      return c.body(`\uFEFF${lines.join("\r\n")}\r\n`, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="meus-dados-${stamp}.csv"`,
      });
    }
    return c.body(JSON.stringify(bundle, null, 2), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="meus-dados-${stamp}.json"`,
    });
  });

  app.openapi(historyGet, async (c) => {
    const codPessoa = patronOf(c);
    const guardar = await keepsHistory(db, codPessoa);
    const { historico } = await patronRecords(db, codPessoa);
    return c.json({ guardar, total: historico.length }, 200);
  });

  app.openapi(historyPut, async (c) => {
    const lang = c.get("lang");
    const codPessoa = patronOf(c);
    const { guardar, confirmar } = c.req.valid("json");
    if (!guardar && confirmar !== true) {
      throw new ApiError(422, "validacao", {
        code: "confirmacao_necessaria",
        message: say(lang, "confirmacao_necessaria"),
        errors: { confirmar: [say(lang, "confirmacao_necessaria")] },
      });
    }
    return c.json({ guardar, apagados: await setHistoryChoice(db, codPessoa, guardar) }, 200);
  });
  return app;
}
