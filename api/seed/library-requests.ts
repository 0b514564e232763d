/**
 * Demo requests to the library (ADR 190) for demo (Ana Beatriz Souza, cod_pessoa 1): each kind in several
 * statuses, and one catalogue card the library has answered (its classification, Cutter number and subjects),
 * so the card's PDF can be seen. At most one open request per kind, so the browser tests stay under the limit.
 */
import type { Db } from "../db/index.ts";
import { insertRequest } from "../db/library-requests.ts";
import { duplicateKey, type RequestKind } from "../domain/library-requests.ts";

const DAY = 86_400_000;

interface DemoRequest {
  kind: RequestKind;
  subtype?: string;
  situacao: string;
  days: number;
  dados: Record<string, string | number | boolean>;
  resposta?: Record<string, unknown>;
}

/** The demo's interlibrary loan that the duplicate-rule browser test sends again. */
export const DEMO_ILL_TITLE = "Catalogação descritiva: teoria e prática";

export const DEMO_LIBRARY_REQUESTS: DemoRequest[] = [
  {
    kind: "emprestimo-inter-bibliotecas",
    situacao: "aguardando",
    days: -2,
    dados: {
      titulo: DEMO_ILL_TITLE,
      autor: "Mey, Eliane Serrão Alves",
      ano: 2009,
      instituicao_fornecedora: "Universidade Federal do Rio de Janeiro",
      biblioteca_recebimento: 1,
    },
  },
  {
    kind: "emprestimo-inter-bibliotecas",
    situacao: "atendida",
    days: -60,
    dados: { titulo: "Fundamentos de biblioteconomia", autor: "Ortega, Cristina Dotta", biblioteca_recebimento: 1 },
    resposta: { mensagem: "Item recebido da UFMG; devolução até 30 dias após a retirada." },
  },
  {
    kind: "comutacao-bibliografica",
    subtype: "artigo",
    situacao: "em_andamento",
    days: -5,
    dados: {
      titulo_artigo: "Acessibilidade em catálogos on-line",
      titulo_periodico: "Perspectivas em Ciência da Informação",
      ano: 2021,
      numero: "2",
      paginas: "45-62",
      email: "ana.souza@example.org",
    },
  },
  {
    kind: "comutacao-bibliografica",
    subtype: "tese",
    situacao: "atendida",
    days: -45,
    dados: {
      titulo: "Leitores de tela e bibliotecas universitárias",
      autor: "Pereira, Joana",
      grau_defesa: "doutorado",
      instituicao: "Universidade de São Paulo",
      ano: 2019,
      email: "ana.souza@example.org",
    },
    resposta: { mensagem: "Cópia enviada por e-mail." },
  },
  {
    kind: "comutacao-bibliografica",
    subtype: "parte-documento",
    situacao: "nao_atendida",
    days: -90,
    dados: {
      titulo_parte: "Capítulo 3: indexação",
      autor_parte: "Lancaster, F. W.",
      titulo_documento: "Indexação e resumos",
      paginas: "50-79",
      email: "ana.souza@example.org",
    },
    resposta: { mensagem: "Direitos autorais não permitem a cópia do capítulo inteiro." },
  },
  {
    kind: "levantamento-bibliografico",
    situacao: "aguardando",
    days: -3,
    dados: {
      assunto_geral: "Acessibilidade digital em bibliotecas",
      delimitacao: "Bibliotecas universitárias brasileiras",
      idioma: "Português",
      data_inicio: "2015-01-01",
      data_fim: "2025-12-31",
      tipo_publicacao: "ambos",
      palavras_chave: "acessibilidade; leitores de tela; catálogos",
    },
  },
  {
    kind: "levantamento-bibliografico",
    situacao: "atendida",
    days: -120,
    dados: { assunto_geral: "Letramento informacional", data_inicio: "2010-01-01", data_fim: "2020-12-31", tipo_publicacao: "online" },
    resposta: { mensagem: "Levantamento enviado por e-mail com 42 referências." },
  },
  {
    kind: "ficha-catalografica",
    situacao: "atendida",
    days: -20,
    dados: {
      autor: "Souza, Ana Beatriz",
      titulo: "Acessibilidade em catálogos de bibliotecas",
      subtitulo: "um estudo com leitores de tela",
      orientador: "Helena Martins",
      tipo_trabalho: "tcc",
      curso: "Biblioteconomia",
      ano: 2026,
      total_paginas: 87,
      ilustracoes: true,
      palavras_chave: "Acessibilidade; Catálogos on-line; Bibliotecas universitárias",
      email: "ana.souza@example.org",
    },
    resposta: {
      cutter: "S729a",
      classificacao: "CDU 025.4:004.5",
      assuntos: ["Acessibilidade", "Catálogos on-line", "Bibliotecas universitárias"],
      instituicao: "Universidade Federal de Demonstração",
      local: "Brasília",
      bibliotecario: "Carla Nunes – CRB-1/1234",
    },
  },
  {
    kind: "ficha-catalografica",
    situacao: "aguardando",
    days: -1,
    dados: {
      autor: "Souza, Ana Beatriz",
      titulo: "Serviços de referência virtual",
      orientador: "Helena Martins",
      tipo_trabalho: "especializacao",
      curso: "Gestão de Bibliotecas",
      ano: 2026,
      total_paginas: 54,
      palavras_chave: "Referência virtual; Bibliotecas",
      email: "ana.souza@example.org",
    },
  },
  {
    kind: "pesquisa-especializada",
    situacao: "atendida",
    days: -30,
    dados: {
      tema: "Normas de acessibilidade para PDFs",
      finalidade: "Trabalho de conclusão de curso",
      palavras_chave: "PDF/UA; acessibilidade",
      email: "ana.souza@example.org",
    },
    resposta: { mensagem: "Resultado enviado por e-mail: 18 documentos." },
  },
  {
    kind: "pesquisa-especializada",
    situacao: "nao_atendida",
    days: -70,
    dados: { tema: "Estatísticas de empréstimo 1990–1995", finalidade: "Pesquisa histórica", email: "ana.souza@example.org" },
    resposta: { mensagem: "A biblioteca não tem registros desse período." },
  },
];

/** Seeds demo's requests to the library; safe once on a new database after seedPatrons. */
export async function seedLibraryRequests(
  db: Db,
  { now = Date.now(), log = (_m: string) => {} }: { now?: number; log?: (m: string) => void } = {},
): Promise<void> {
  const demo = await db.selectFrom("pessoa").select("cod_pessoa").where("cod_pessoa", "=", 1).executeTakeFirst();
  if (!demo) return;
  for (const r of DEMO_LIBRARY_REQUESTS) {
    const created = new Date(now + r.days * DAY).toISOString();
    await insertRequest(db, {
      cod_pessoa: 1,
      tipo: r.kind,
      subtipo: r.subtype ?? null,
      dados: JSON.stringify(r.dados),
      chave_duplicidade: duplicateKey(r.kind, r.subtype ?? null, r.dados),
      situacao: r.situacao,
      resposta: r.resposta ? JSON.stringify(r.resposta) : null,
      data_resposta: r.resposta ? new Date(now + (r.days + 3) * DAY).toISOString() : null,
      created_at: created,
    });
  }
  log("seeded the requests to the library: every kind in several statuses, one answered catalogue card");
}
