import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { PRODUCT_SLUG } from "./lib/product";

// Reads like spec §2. The private area's prefix comes from one constant (PRODUCT_SLUG, build time).
export default [
  index("routes/home.tsx", { id: "home" }),
  route("login", "routes/login.tsx"),
  // After login, a person with several logins chooses one (spec §4; ADR 172).
  route("login/escolher", "routes/login.escolher.tsx"),
  route("sair", "routes/sair.tsx"),
  // Single sign-on (spec §2, ADR 160): the OIDC callback, the SAML answer, and the institutional login button's POST.
  route("oauth-response", "routes/oauth-response.tsx"),
  route("saml-response", "routes/saml-response.tsx"),
  // Estante's SAML SP metadata and single logout service (ADR 162).
  route("saml/metadata", "routes/saml.metadata.ts"),
  route("saml/logout", "routes/saml.logout.tsx"),
  route("login/institucional", "routes/login.institucional.tsx"),
  // Forgot-password flow (spec §2, §4): user code, verification code, new password (ADR 130).
  // An e-mail's unsubscribe link and RFC 8058 one-click POST: no login, the signed token is the proof (ADR 248).
  route("descadastro", "routes/descadastro.tsx"),
  route("recuperar-senha", "routes/recuperar-senha.tsx"),
  route("recuperar-senha/codigo", "routes/recuperar-senha.codigo.tsx"),
  route("recuperar-senha/nova-senha", "routes/recuperar-senha.nova-senha.tsx"),
  // The link mailed to a new e-mail address (ADR 236): public, its GET changes nothing.
  route("confirmar-email", "routes/confirmar-email.tsx"),
  // Resource route: a captcha challenge for the login and recovery forms (activity 1120, ADR 170).
  route("captcha/desafio", "routes/captcha.desafio.ts"),
  // Resource route: the search box's suggestions (issue 28).
  route("autocompletar", "routes/autocompletar.ts"),
  // New arrivals, their Atom feed, and the OpenSearch description with its suggestions (issue 28, ADR 255).
  route("novidades", "routes/novidades.tsx"),
  route("novidades.atom", "routes/novidades.atom.ts"),
  route("opensearch.xml", "routes/opensearch.xml.ts"),
  route("opensearch/sugestoes", "routes/opensearch.sugestoes.ts"),
  // The spec's redirect page ("{product}_redireciona"): after a login that named an external base (ADR 095).
  route(`${PRODUCT_SLUG}_redireciona`, "routes/redireciona.tsx"),
  route("indice", "routes/indice.tsx"),
  // The session's search history (spec §2), with "run again" links and a POST to clear it.
  route("historico", "routes/historico.tsx"),
  route("acervo/:codAcervo", "routes/acervo/index.tsx"),
  route("acervo/:codAcervo/referencia", "routes/acervo/referencia.tsx"),
  // Estante: e-mail one record (ADR 245), through the basket's mail path.
  route("acervo/:codAcervo/enviar", "routes/acervo/enviar.tsx"),
  route("acervo/:codAcervo/marc", "routes/acervo/marc.tsx"),
  route("acervo/:codAcervo/exemplares", "routes/acervo/exemplares.tsx"),
  route("acervo/:codAcervo/dublin-core", "routes/acervo/dublin-core.tsx"),
  route("acervo/:codAcervo/colecao-kardex", "routes/acervo/colecao-kardex.tsx"),
  route("acervo/:codAcervo/sumarios", "routes/acervo/sumarios.tsx"),
  route("acervo/:codAcervo/sumarios-livros", "routes/acervo/sumarios-livros.tsx"),
  route("acervo/:codAcervo/dados-estatisticos", "routes/acervo/dados-estatisticos.tsx"),
  route("acervo/:codAcervo/acervo-fechado", "routes/acervo/acervo-fechado.tsx"),
  route("acervo/:codAcervo/reserva", "routes/acervo/reserva.tsx"),
  route("acervo/:codAcervo/solicitacao-emprestimo", "routes/acervo/solicitacao-emprestimo.tsx"),
  // Posts a comment on the title (the page itself shows the form again with errors, without JS).
  route("acervo/:codAcervo/comentarios", "routes/acervo/comentarios.tsx"),
  route("autoridade/:codAutoridade", "routes/autoridade.tsx"),
  route("autoridade/:codAutoridade/marc", "routes/autoridade.marc.tsx"),
  // External content providers (spec §2); /pearson also opens from restricted-link access.
  route("grupoa", "routes/grupoa.tsx"),
  route("pearson", "routes/pearson.tsx"),
  route("cesta", "routes/cesta.tsx"),
  // Resource route: an export of the basket (or of ?acervos=) as a file download.
  route("cesta/exportar", "routes/cesta.exportar.ts"),
  // Patron lists (ADR 246): add a title to a list (login required), a public list by its link's token and its export.
  route("listas/adicionar", "routes/listas.adicionar.tsx"),
  route("listas/:token", "routes/listas.publica.tsx"),
  route("listas/:token/exportar", "routes/listas.publica.exportar.ts"),
  route("suporte", "routes/suporte.tsx"),
  // The library directory: campus, address, contacts and opening hours of every library (ADR 180).
  route("bibliotecas", "routes/bibliotecas.tsx"),
  // The library's own pages (spec §7 Parametros; ADR 194): general information with sections 1 and 2, the FAQ
  // and institutional events; 404 when the library has none.
  route("informacoes", "routes/informacoes.tsx"),
  route("perguntas-frequentes", "routes/perguntas-frequentes.tsx"),
  route("eventos", "routes/eventos.tsx"),
  // Public check of a no-debts declaration by its verification code (ADR 192).
  route("nada-consta/verificar", "routes/nada-consta.verificar.tsx"),
  // The site's accessibility page (eMAG 3.1: keys, settings, conformance); two segments, so it never
  // collides with a search tab at "/{guia}" such as /acessibilidade (ADR 135).
  route("sobre/acessibilidade", "routes/sobre.acessibilidade.tsx"),
  // This build's Accessibility Conformance Report (VPAT 2.5 WCAG 2.2 edition and eMAG 3.1), as `npm test` wrote it (ADR 152).
  route("sobre/acessibilidade/relatorio", "routes/sobre.acessibilidade.relatorio.tsx"),
  // Footer dialogs as pages (spec §2 footer: comment, activity 13; acquisition suggestion, activity 12).
  route("comentario", "routes/comentario.tsx"),
  route("sugestao", "routes/sugestao.tsx"),

  // Resource routes: accessibility preferences and language (POST, then redirect back).
  route("preferencias", "routes/preferencias.tsx"),
  route("preferencias/idioma", "routes/preferencias.idioma.tsx"),

  // The private area ("Meu Pergamum"): one layout requires login and draws the account menu (app/routes/meu/_nav.ts).
  // Every screen of the area sits inside it; a unit test checks these routes against the menu list.
  ...prefix(`meu${PRODUCT_SLUG}`, [
    layout("routes/meu/_layout.tsx", { id: "meu" }, [
      index("routes/meu/index.tsx", { id: "meu-index" }),
      route("emprestimos", "routes/meu/emprestimos.tsx"),
      // Resource route: the current loans' due dates as an iCalendar download.
      route("emprestimos/calendario.ics", "routes/meu/emprestimos.calendario.ts"),
      // Resource route: the current loans as CSV, in the table's order.
      route("emprestimos/atuais.csv", "routes/meu/emprestimos.atuais-csv.ts"),
      route("emprestimos/historico", "routes/meu/emprestimos.historico.tsx"),
      // Resource route: the history's date range as CSV.
      route("emprestimos/historico.csv", "routes/meu/emprestimos.historico-csv.ts"),
      route("token", "routes/meu/token.tsx"),
      route("alertas", "routes/meu/alertas.tsx"),
      route("notificacoes", "routes/meu/notificacoes.tsx"),
      route("app", "routes/meu/app.tsx"),
      route("reservas", "routes/meu/reservas.tsx"),
      route("reservas/:codReserva", "routes/meu/reserva.tsx"),
      route("debitos", "routes/meu/debitos.tsx"),
      route("debitos/gru/:codGru", "routes/meu/gru.tsx"),
      // Resource route: the slip as a PDF.
      route("debitos/gru/:codGru/pdf", "routes/meu/gru.pdf.ts"),
      // Absences and the no-debts declaration (spec §4, §7; ADR 192); its PDF as a resource route.
      route("afastamentos", "routes/meu/afastamentos.tsx"),
      route("nada-consta", "routes/meu/nada-consta.tsx"),
      route("nada-consta/pdf", "routes/meu/nada-consta.pdf.ts"),
      route("solicitacoes-emprestimo", "routes/meu/solicitacoes-emprestimo.tsx"),
      // Requests to the library (spec §3, §7 "Solicitacoes"; ADR 190).
      route("emprestimo-entre-bibliotecas", "routes/meu/emprestimo-entre-bibliotecas.tsx"),
      route("comutacao-levantamento", "routes/meu/comutacao-levantamento.tsx"),
      route("comutacao-levantamento/:tipo", "routes/meu/comutacao-levantamento.formulario.tsx"),
      route("ficha-catalografica", "routes/meu/ficha-catalografica.tsx"),
      // Resource route: an answered card as a tagged PDF.
      route("ficha-catalografica/:id/pdf", "routes/meu/ficha-catalografica.pdf.ts"),
      route("pesquisa-especializada", "routes/meu/pesquisa-especializada.tsx"),
      // The patron's purchase suggestions and comments, with their statuses (spec §3, §4).
      route("perfil-interesse", "routes/meu/perfil-interesse.tsx"),
      route("perfil-interesse/periodicos", "routes/meu/perfil-interesse.periodicos.tsx"),
      route("areas-interesse", "routes/meu/areas-interesse.tsx"),
      route("verificar-titulos", "routes/meu/verificar-titulos.tsx"),
      // The permanent basket (spec §2 menu, §7 cesta-permanente): list, remove, take to the basket, export.
      route("cesta-permanente", "routes/meu/cesta-permanente.tsx"),
      // Named lists, the default one being the permanent basket (ADR 246); a list's export is a file download.
      route("listas", "routes/meu/listas.tsx"),
      route("listas/:lista", "routes/meu/lista.tsx"),
      route("listas/:lista/exportar", "routes/meu/lista.exportar.ts"),
      route("sugestoes", "routes/meu/sugestoes.tsx"),
      // A professor's suggestion for a teaching plan's bibliography (spec §6, ADR 195).
      route("sugestao-professor", "routes/meu/sugestao-professor.tsx"),
      route("estatisticas-aquisicao", "routes/meu/estatisticas-aquisicao.tsx"),
      route("totais-acervo", "routes/meu/totais-acervo.tsx"),
      route("plano-ensino", "routes/meu/plano-ensino.tsx"),
      route("comentarios", "routes/meu/comentarios.tsx"),
      // Paper posting hands over to the institutional repository; user swap ends the session (ADR 192).
      route("postagem-trabalho", "routes/meu/postagem-trabalho.tsx"),
      route("itens-salvos", "routes/meu/itens-salvos.tsx"),
      route("dados-pessoais", "routes/meu/dados-pessoais.tsx"),
      route("dados-pessoais/senha", "routes/meu/dados-pessoais.senha.tsx"),
      // Resource route: the LGPD data bundle (JSON or CSV) as a download.
      route("dados-pessoais/meus-dados", "routes/meu/dados-pessoais.meus-dados.ts"),
      route("troca-usuario", "routes/meu/troca-usuario.tsx"),
    ]),
  ]),

  // The network (OAI) search tab and its records (spec §2, §7 "Rede-{product}"), before the "/{guia}" catch-all.
  route("rede", "routes/rede.tsx"),
  route("rede/acervo/:id", "routes/rede.acervo.tsx"),

  // "/{guia}" is the home page with a search tab (one path segment); listed after the fixed paths.
  route(":guia", "routes/home.tsx", { id: "home-guia" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
