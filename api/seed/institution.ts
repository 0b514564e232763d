import type { Db } from "../db/index.ts";
import { syncSequences } from "../db/sequences.ts";

/** Demo institution code (there is one institution per database). */
export const DEMO_EMPRESA = 1;

const week = (open: string, close: string, saturday: [string, string] | null) =>
  [1, 2, 3, 4, 5, 6, 7].map((dia) =>
    dia <= 5
      ? { dia, abertura: open, fechamento: close }
      : dia === 6 && saturday
        ? { dia, abertura: saturday[0], fechamento: saturday[1] }
        : { dia, abertura: null, fechamento: null },
  );

/** Institution parameters (instituicao.parametros JSON) read by /api/parametros/*. */
export const DEMO_PARAMETROS = {
  // Single sign-on is used whenever a provider is configured (OIDC_*, SAML_*; ADR 160); `false` would switch it off.
  usaOIDC: true,
  usaSAML: true,
  denominacao_login: "Matrícula ou usuário",
  msg_login: "Use o usuário e a senha da biblioteca. Em caso de dúvida, procure o balcão de atendimento.",
  destino_padrao_login_catalogo: false,
  link_logout_OIDC: null,
  link_logout_saml: null,
  // Deliberately unsafe HTML, as libraries type it into their admin: the portal must sanitize it.
  msg_suporte_consulta:
    '<p>Não encontrou o que procurava? <a href="https://biblioteca.example.org/atendimento" target="_blank">Fale com a biblioteca</a> ou peça uma <strong>sugestão de aquisição</strong>.</p>' +
    '<script>alert("xss")</script><p onclick="alert(\'xss\')">Atendimento: (61) 3000-0000.</p>',
  link_lgpd: "https://biblioteca.example.org/privacidade",
  link_icap: "https://biblioteca.example.org/icap",
  link_rede: "https://biblioteca.example.org/rede",
  // Login mode 2 / crypt 4: the forgot-password flow is offered (spec §2, ADR 130).
  __md_aut: 2,
  __md_crypt: 4,
  // Spec §3 password rules, checked by the recovery and the password change (api/domain/password-rules.ts).
  regras_senha: {
    length: { min: 8, max: 32 },
    has_numbers: true,
    only_numbers: false,
    special_char: true,
    diff_case: true,
    diff_name: true,
    last_pw: 3,
  },
  // The recovery code: 6 digits, valid for 15 minutes.
  recuperacao_senha: { tamanho_codigo: 6, validade_minutos: 10 },
  aquisicao: true,
  guias: [
    { codigo: "geral", descricao: "Geral", ordem: 1 },
    { codigo: "ebooks", descricao: "E-books", ordem: 2 },
    // Archive and normative acts follow MARC rules; new acquisitions, the recent window (ADR 061). The case-law
    // tab ("jurisprudencia") works too, but the demo catalogue has no case law, so it is not offered here.
    { codigo: "arquivo", descricao: "Arquivo", ordem: 3 },
    { codigo: "atos", descricao: "Atos normativos", ordem: 4 },
    // Authorities and teaching plans have forms of their own (ADRs 066, 067).
    { codigo: "autoridades", descricao: "Autoridades", ordem: 6 },
    { codigo: "avancada", descricao: "Pesquisa avançada", ordem: 7 },
    { codigo: "acessibilidade", descricao: "Acessibilidade", ordem: 8 },
    { codigo: "aquisicoes", descricao: "Novas aquisições", ordem: 9 },
    { codigo: "plano-ensino", descricao: "Plano de ensino", ordem: 10 },
    // The network (OAI) search of the member institutions' catalogues (ADR 063).
    { codigo: "rede", descricao: "Rede Pergamum", ordem: 10 },
  ],
  autoatendimento: { showAuto: true, codBibAuto: 1, authAuto: "senha", idiomaAuto: "pt" },
  // Texts in Portuguese; `traducoes.{en,es}` gives them in the other languages the API serves (ADR 194).
  secao_1: {
    titulo: "Bem-vindo às Bibliotecas da UFD",
    conteudo:
      "<p>Pesquise o acervo das três bibliotecas da Universidade Federal de Demonstração, renove empréstimos e faça reservas pelo Meu Pergamum.</p>",
    traducoes: {
      en: {
        titulo: "Welcome to the UFD Libraries",
        conteudo:
          "<p>Search the collections of the three libraries of the Federal University of Demonstration, renew loans and place holds in Meu Pergamum.</p>",
      },
      es: {
        titulo: "Bienvenido a las Bibliotecas de la UFD",
        conteudo:
          "<p>Busque en el acervo de las tres bibliotecas de la Universidad Federal de Demostración, renueve préstamos y haga reservas en Meu Pergamum.</p>",
      },
    },
  },
  secao_2: {
    titulo: "Novidades",
    conteudo: "<p>A Biblioteca Central funciona aos sábados pela manhã durante o período letivo.</p>",
    traducoes: {
      en: { titulo: "News", conteudo: "<p>The Central Library opens on Saturday mornings during term.</p>" },
      es: { titulo: "Novedades", conteudo: "<p>La Biblioteca Central abre los sábados por la mañana durante el período lectivo.</p>" },
    },
  },
  informacoes_gerais: {
    titulo: "Informações gerais",
    conteudo:
      "<p>Empréstimos: até 5 títulos para alunos de graduação, por 14 dias, renováveis 3 vezes se não houver reserva. Multa por atraso: R$ 1,50 por dia e por título.</p>",
    traducoes: {
      en: {
        titulo: "General information",
        conteudo:
          "<p>Loans: up to 5 titles for undergraduates, for 14 days, renewable 3 times when nobody holds them. Late fee: R$ 1.50 a day per title.</p>",
      },
      es: {
        titulo: "Información general",
        conteudo:
          "<p>Préstamos: hasta 5 títulos para alumnos de grado, por 14 días, renovables 3 veces si no hay reserva. Multa por retraso: R$ 1,50 por día y por título.</p>",
      },
    },
  },
  faq: [
    {
      pergunta: "Como renovo um empréstimo?",
      resposta: "Entre no Meu Pergamum, abra Empréstimos e escolha Renovar.",
      traducoes: {
        en: { pergunta: "How do I renew a loan?", resposta: "Sign in to Meu Pergamum, open Loans and choose Renew." },
        es: { pergunta: "¿Cómo renuevo un préstamo?", resposta: "Entre en Meu Pergamum, abra Préstamos y elija Renovar." },
      },
    },
    {
      pergunta: "Posso reservar um livro disponível na estante?",
      resposta: "Não. A reserva só é possível quando todos os exemplares estão emprestados.",
      traducoes: {
        en: { pergunta: "Can I place a hold on a book that is on the shelf?", resposta: "No. A hold is only possible when every copy is on loan." },
        es: {
          pergunta: "¿Puedo reservar un libro disponible en el estante?",
          resposta: "No. La reserva solo es posible cuando todos los ejemplares están prestados.",
        },
      },
    },
    {
      pergunta: "Esqueci minha senha. O que faço?",
      resposta: "Procure o balcão de atendimento de qualquer biblioteca com um documento com foto.",
      traducoes: {
        en: { pergunta: "I forgot my password. What do I do?", resposta: "Go to the service desk of any library with a photo ID." },
        es: {
          pergunta: "Olvidé mi contraseña. ¿Qué hago?",
          resposta: "Acuda al mostrador de atención de cualquier biblioteca con un documento con foto.",
        },
      },
    },
  ],
};

/** User categories of spec §1 (codes as used at login). */
export const DEMO_CATEGORIAS = [
  { cod_categoria: "01", descricao: "Aluno de graduação", professor: 0, limite_emprestimos: 5, prazo_dias: 14 },
  { cod_categoria: "19", descricao: "Aluno de graduação digital", professor: 0, limite_emprestimos: 5, prazo_dias: 14 },
  { cod_categoria: "03", descricao: "Aluno de pós-graduação", professor: 0, limite_emprestimos: 8, prazo_dias: 21 },
  { cod_categoria: "06", descricao: "Aluno de curso técnico", professor: 0, limite_emprestimos: 4, prazo_dias: 14 },
  { cod_categoria: "07", descricao: "Funcionário", professor: 0, limite_emprestimos: 6, prazo_dias: 21 },
  { cod_categoria: "21", descricao: "Funcionário hospital", professor: 0, limite_emprestimos: 6, prazo_dias: 21 },
  { cod_categoria: "09", descricao: "Aluno de intercâmbio", professor: 0, limite_emprestimos: 3, prazo_dias: 14 },
  { cod_categoria: "05", descricao: "Membro da comunidade", professor: 0, limite_emprestimos: 2, prazo_dias: 7 },
  { cod_categoria: "12", descricao: "Professor", professor: 1, limite_emprestimos: 15, prazo_dias: 30 },
  { cod_categoria: "08", descricao: "Usuário especial", professor: 0, limite_emprestimos: 10, prazo_dias: 30 },
];

/** Activities (spec §6). `publica` = on in the public page configuration. */
export const DEMO_ATIVIDADES = [
  { cod_atividade: 8, descricao: "Meu Pergamum", publica: 1 },
  { cod_atividade: 12, descricao: "Sugestão de aquisição", publica: 1 },
  { cod_atividade: 13, descricao: "Comentários", publica: 1 },
  { cod_atividade: 57, descricao: "Rodapé: portal da instituição", publica: 1 },
  { cod_atividade: 87, descricao: "Rodapé: privacidade (LGPD)", publica: 1 },
  { cod_atividade: 88, descricao: "Rodapé: acessibilidade", publica: 1 },
  { cod_atividade: 107, descricao: "Login em janela modal", publica: 1 },
  { cod_atividade: 1120, descricao: "Captcha no login", publica: 0 },
];

/** Activities every patron category is granted (community members cannot suggest purchases). */
function activitiesOf(cod: string): number[] {
  return cod === "05" ? [8, 13, 107] : [8, 12, 13, 107];
}

/**
 * Seeds the demo institution: UFD, two campuses, three libraries with opening hours, the user
 * categories and activities with their permissions. Deterministic; runs once on a new database.
 */
export async function seedInstitution(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("instituicao")
      .values({
        cod_empresa: DEMO_EMPRESA,
        sigla: "UFD",
        nome: "Universidade Federal de Demonstração",
        tema: "neo",
        endereco_web: "https://biblioteca.example.org",
        parametros: JSON.stringify(DEMO_PARAMETROS),
      })
      .execute();
    await trx
      .insertInto("campus")
      .values([
        { cod_campus: 1, cod_empresa: DEMO_EMPRESA, nome_campus: "Campus Central" },
        { cod_campus: 2, cod_empresa: DEMO_EMPRESA, nome_campus: "Campus Norte" },
      ])
      .execute();
    await trx
      .insertInto("biblioteca")
      .values([
        {
          cod_biblioteca: 1,
          cod_campus: 1,
          desc_biblioteca: "Biblioteca Central",
          sigla: "BC",
          email: "bc@biblioteca.example.org",
          telefone: "(61) 3000-0001",
          endereco: "Praça da Biblioteca, 1 – Campus Central",
          horarios: JSON.stringify(week("07:30", "22:00", ["08:00", "13:00"])),
        },
        {
          cod_biblioteca: 2,
          cod_campus: 1,
          desc_biblioteca: "Biblioteca de Ciências da Saúde",
          sigla: "BCS",
          email: "bcs@biblioteca.example.org",
          telefone: "(61) 3000-0002",
          endereco: "Av. dos Hospitais, 200 – Campus Central",
          horarios: JSON.stringify(week("08:00", "20:00", null)),
        },
        {
          cod_biblioteca: 3,
          cod_campus: 2,
          desc_biblioteca: "Biblioteca do Campus Norte",
          sigla: "BCN",
          email: "bcn@biblioteca.example.org",
          telefone: "(61) 3000-0003",
          endereco: "Rodovia Norte, km 3 – Campus Norte",
          horarios: JSON.stringify(week("08:00", "21:00", ["08:00", "12:00"])),
        },
      ])
      .execute();
    await seedDemoCategories(trx);
  });
  // Its rows carry explicit ids: on PostgreSQL the sequences move past them, so the next library or campus
  // inserted without an id (a MARC import's new library, a test's second library) does not collide.
  await syncSequences(db);
}

/**
 * The demo patron categories and activities with their permissions, when the database has no categories
 * yet (the demo patrons belong to them; also used when DEMO_PATRONS=1 on a library's own catalogue).
 */
export async function seedDemoCategories(db: Db): Promise<void> {
  if (await db.selectFrom("categoria").select("cod_categoria").executeTakeFirst()) return;
  await db.insertInto("categoria").values(DEMO_CATEGORIAS).execute();
  await db
    .insertInto("atividade")
    .values(DEMO_ATIVIDADES.map((a) => ({ ...a, cod_modulo: 1 })))
    .execute();
  await db
    .insertInto("categoria_atividade")
    .values(DEMO_CATEGORIAS.flatMap((k) => activitiesOf(k.cod_categoria).map((cod_atividade) => ({ cod_categoria: k.cod_categoria, cod_atividade }))))
    .execute();
}
