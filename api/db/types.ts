import type { Generated } from "kysely";

/** Row types of migration 001 (keep in step with api/db/migrations). */
export interface InstituicaoTable {
  cod_empresa: Generated<number>;
  sigla: string;
  nome: string;
  tema: Generated<string>;
  endereco_web: string | null;
  parametros: Generated<string>;
  rede: Generated<number>;
}

export interface CampusTable {
  cod_campus: Generated<number>;
  cod_empresa: number;
  nome_campus: string;
}

export interface BibliotecaTable {
  cod_biblioteca: Generated<number>;
  cod_campus: number;
  desc_biblioteca: string;
  sigla: string;
  email: string | null;
  telefone: string | null;
  endereco: string | null;
  horarios: Generated<string>;
}

export interface AtividadeTable {
  cod_atividade: Generated<number>;
  cod_modulo: Generated<number>;
  descricao: string;
  publica: Generated<number>;
}

export interface CategoriaTable {
  cod_categoria: string;
  descricao: string;
  professor: Generated<number>;
  limite_emprestimos: Generated<number>;
  limite_reservas: Generated<number>;
  limite_solicitacoes: Generated<number>;
  limite_comentarios: Generated<number>;
  prazo_dias: Generated<number>;
  limite_renovacoes: Generated<number>;
  /** Migration 018: days a renewal adds, whether overdue loans may be renewed, the debit total that blocks renewing. */
  renovacao_dias: Generated<number>;
  renova_atrasado: Generated<number>;
  limite_debito: Generated<number>;
}

export interface CategoriaAtividadeTable {
  cod_categoria: string;
  cod_atividade: number;
}

export interface PessoaTable {
  cod_pessoa: Generated<number>;
  cod_empresa: number;
  cod_categoria: string;
  nome_pessoa: string;
  email: string | null;
  telefone: string | null;
  documento: string | null;
  cpf: string | null;
  dados_pessoais: Generated<string>;
  recebe_email: Generated<number>;
  /** 1 keeps returned loans as history (migration 028). */
  guarda_historico: Generated<number>;
  /** Migration 100 (ADR 249): with the history on, `sempre` keeps it forever, `padrao` for the library's period. */
  historico_prazo: Generated<string>;
  /** Migration 103 (ADR 254): the API language (pt, es, en) the patron last used the portal in; null: not known. */
  idioma: string | null;
  bloqueado: Generated<number>;
  motivo_bloqueio: string | null;
  created_at: Generated<string>;
  /** Migration 050: the date the registration must be renewed by (null: no expiry). */
  validade_cadastro: string | null;
  /** Migration 071: when a no-debts declaration ended the patron's link with the information unit (ADR 192). */
  desvinculado_em: string | null;
}

export interface LoginTable {
  cod_login: Generated<number>;
  cod_pessoa: number;
  usuario: string;
  senha_hash: string;
  senha_salt: string;
  tentativas_falhas: Generated<number>;
  bloqueado_ate: string | null;
  base: string | null;
}

export interface SenhaHistoricoTable {
  cod_login: number;
  senha_hash: string;
  senha_salt: string;
  created_at: Generated<string>;
}

export interface OauthTokenTable {
  token_hash: string;
  /** access | refresh */
  tipo: string;
  client_id: string;
  cod_pessoa: number | null;
  /** One login = one family of rotated tokens; reuse of a rotated refresh token revokes it all. */
  familia: string;
  expires_at: string;
  revoked_at: string | null;
  rotated_at: string | null;
  /** Refresh tokens: the family's secret their successor pair is derived from (ADR 116); null before migration 082. */
  segredo: string | null;
  created_at: Generated<string>;
}

export interface TipoObraTable {
  cod_tipo_obra: Generated<number>;
  descricao: string;
}

export interface AcervoTable {
  cod_acervo: Generated<number>;
  cod_empresa: number;
  chave_origem: string;
  cod_tipo_obra: number;
  titulo: string;
  /**
   * Migration 086 (ADR 216): how many leading characters of `titulo` the title files without (MARC 245 second
   * indicator, 0–9: 2 for "A estrutura…"); the title browse sorts by the rest.
   */
  titulo_caracteres_ignorados: Generated<number>;
  subtitulo: string | null;
  autor: string | null;
  editora: string | null;
  local_publicacao: string | null;
  ano_publicacao: number | null;
  edicao: string | null;
  descricao_fisica: string | null;
  classificacao: string | null;
  chamada: string | null;
  idioma: string | null;
  isbn: string | null;
  issn: string | null;
  serie: string | null;
  assuntos: Generated<string>;
  autores_secundarios: Generated<string>;
  notas: Generated<string>;
  link_capa: string | null;
  /** 'cr' = online */
  acesso_remoto: string | null;
  /** 'S' = accessible format */
  possui_acessibilidade: Generated<string>;
  marc: string;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface AcervoLinkTable {
  cod_link: Generated<number>;
  cod_acervo: number;
  url: string;
  descricao: string | null;
  restrito: Generated<number>;
  acessibilidade: Generated<number>;
}

export interface ExemplarTable {
  cod_exemplar: Generated<number>;
  cod_acervo: number;
  cod_biblioteca: number;
  codigo_barras: string;
  localizacao: string | null;
  chamada: string | null;
  tipo_emprestimo: Generated<string>;
  situacao: Generated<string>;
  volume: string | null;
  tomo: string | null;
  parte: string | null;
  material_adicional: string | null;
  permite_reserva: Generated<number>;
  /** YYYY-MM-DD the copy was acquired (migration 072); null: the title's creation date stands in. */
  data_aquisicao: string | null;
  /** compra, doacao or permuta (migration 072). */
  modalidade_aquisicao: string | null;
}

export interface AutoridadeTable {
  cod_autoridade: Generated<number>;
  chave_origem: string;
  tipo: number;
  cabecalho: string;
  cabecalho_normalizado: string;
  /** Folded see-from headings joined by " | " (migration 008). */
  remissivas_normalizadas: Generated<string>;
  ver: Generated<string>;
  ver_tambem: Generated<string>;
  notas: Generated<string>;
  marc: string;
  updated_at: Generated<string>;
}

/** Teaching plans (migration 008, ADR 067). */
export interface DepartamentoTable {
  cod_departamento: Generated<number>;
  nome: string;
}

export interface CursoTable {
  cod_curso: Generated<number>;
  cod_departamento: number;
  nome: string;
}

export interface DisciplinaTable {
  cod_disciplina: Generated<number>;
  cod_departamento: number;
  codigo: string;
  nome: string;
}

export interface PlanoEnsinoTable {
  cod_plano: Generated<number>;
  cod_disciplina: number;
  cod_curso: number;
  cod_biblioteca: number;
  ano: number;
  semestre: number;
  periodo: number;
  vagas: number | null;
  /** The professor who owns the plan (migration 072). */
  cod_professor: number | null;
}

export interface PlanoBibliografiaTable {
  cod_plano: number;
  cod_acervo: number;
  /** B basic, C complementary. */
  tipo: "B" | "C";
  ordem: number;
}

export interface AcervoAutoridadeTable {
  cod_acervo: number;
  cod_autoridade: number;
}

export interface EmprestimoTable {
  cod_emprestimo: Generated<number>;
  cod_exemplar: number;
  cod_pessoa: number;
  cod_biblioteca: number;
  tipo: Generated<string>;
  data_emprestimo: string;
  data_devolucao_prevista: string;
  data_devolucao: string | null;
  renovacoes: Generated<number>;
}

export interface ReservaTable {
  cod_reserva: Generated<number>;
  cod_acervo: number;
  cod_pessoa: number;
  cod_biblioteca: number;
  volume: string | null;
  tomo: string | null;
  parte: string | null;
  material_adicional: string | null;
  localizacao: string | null;
  posicao: number;
  situacao: Generated<string>;
  data_reserva: string;
  data_liberacao: string | null;
  data_cancelamento: string | null;
  observacao: string | null;
  chave_envio: string | null;
  /** Suspended until this date (inclusive, YYYY-MM-DD): keeps its place, skipped when a copy returns (migration 021). */
  suspensa_ate: string | null;
  /** When a copy left for the pickup library; from then on the library cannot change. */
  data_transito: string | null;
}

export interface DebitoTable {
  cod_debito: Generated<number>;
  cod_pessoa: number;
  cod_emprestimo: number | null;
  cod_biblioteca: number | null;
  valor_multa: number;
  desconto: Generated<number>;
  valor_pago: Generated<number>;
  data_pagamento: string | null;
  tipo_servico: string;
  motivo: string;
  created_at: Generated<string>;
}

export interface SolicitacaoEmprestimoTable {
  cod_solicitacao: Generated<number>;
  cod_acervo: number;
  cod_pessoa: number;
  biblioteca_origem: number;
  biblioteca_recebimento: number;
  volume: string | null;
  tomo: string | null;
  parte: string | null;
  material_adicional: string | null;
  telefone: string;
  email: string;
  cod_local_recebimento: number;
  pessoa_autorizada: string | null;
  domicilio: string | null;
  recebimento_textual: string | null;
  situacao: Generated<string>;
  chave_envio: string | null;
  created_at: Generated<string>;
  data_cancelamento: string | null;
}

export interface ComentarioTable {
  cod_comentario: Generated<number>;
  cod_acervo: number | null;
  cod_pessoa: number;
  cod_biblioteca: number;
  texto: string;
  situacao: Generated<string>;
  data_envio: Generated<string>;
}

export interface SugestaoAquisicaoTable {
  cod_sugestao: Generated<number>;
  cod_pessoa: number;
  cod_campus: number | null;
  cod_biblioteca: number;
  autor: string | null;
  titulo: string;
  edicao: string | null;
  editor: string;
  isbn_issn: string | null;
  periodico: string | null;
  outras_inf: string | null;
  situacao: Generated<string>;
  created_at: Generated<string>;
  /** Migration 195: a professor's suggestion names a teaching plan, a bibliography type (B/C), copies and a reason. */
  cod_plano: number | null;
  tipo_bibliografia: "B" | "C" | null;
  exemplares: number | null;
  justificativa: string | null;
}

/** A patron waiting for a title that can be neither requested nor held (migration 010, ADR 094). */
export interface ListaEsperaTable {
  id: Generated<number>;
  cod_acervo: number;
  cod_pessoa: number;
  situacao: Generated<string>;
  created_at: Generated<string>;
}

export interface AlertaTable {
  id: Generated<number>;
  cod_pessoa: number;
  mensagem: string;
  lido: Generated<number>;
  created_at: Generated<string>;
  /** Migration 019: the event kind, its data (JSON) and its once-only key. */
  tipo: Generated<string>;
  dados: Generated<string>;
  chave: string | null;
  /** Migration 099: 0 for an event the patron wants by e-mail only (kept for its once-only key, not listed). */
  visivel: Generated<number>;
}

/** Migration 018: one row per renewal; (cod_emprestimo, chave_envio) is unique. */
export interface RenovacaoTable {
  id: Generated<number>;
  cod_emprestimo: number;
  cod_pessoa: number;
  chave_envio: string;
  data_devolucao_anterior: string;
  data_devolucao_nova: string;
  created_at: Generated<string>;
}

/** Migration 018: the token of a patron's private calendar feed URL. */
export interface CalendarioFeedTable {
  cod_pessoa: number;
  /** SHA-256 (hex) of the feed's token; the token itself is shown once, when made (migration 083). */
  token_hash: string;
  created_at: Generated<string>;
}

/** Migration 018: loan tokens for self-service machines. */
export interface TokenEmprestimoTable {
  id: Generated<number>;
  cod_pessoa: number;
  token: string;
  valido_ate: string;
  created_at: Generated<string>;
}

/** A patron's list (ADR 246); `padrao` 1 is the default one, the permanent basket of the spec's calls. */
export interface ListaTable {
  cod_lista: Generated<number>;
  cod_pessoa: number;
  nome: string;
  padrao: Generated<number>;
  token_publico: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ListaItemTable {
  cod_lista: number;
  cod_acervo: number;
  nota: string | null;
  created_at: Generated<string>;
}

export interface EmailSaidaTable {
  id: Generated<number>;
  destinatarios: string;
  assunto: string;
  corpo: string;
  created_at: Generated<string>;
  /** Migration 085 (ADR 197): the message as JSON, and its delivery. */
  mensagem: string | null;
  situacao: Generated<"pendente" | "enviado" | "falhou">;
  tentativas: Generated<number>;
  proxima_tentativa: string | null;
  ultimo_erro: string | null;
  enviado_em: string | null;
  message_id: string | null;
}

/** Migration 085: a background task run by one process at a time (ADR 197). */
export interface TarefaExclusivaTable {
  nome: string;
  dono: string | null;
  ate: string;
}

/** Migration 005: a periodical issue (kardex). */
export interface FasciculoTable {
  cod_fasciculo: Generated<number>;
  cod_acervo: number;
  cod_biblioteca: number;
  ano: number;
  volume: string | null;
  numero: string | null;
  periodo: string | null;
  data_publicacao: string | null;
  data_chegada: string | null;
  situacao: Generated<string>;
  observacao: string | null;
}

/** Migration 005: one entry of a table of contents (of a title, or of an issue when cod_fasciculo is set). */
export interface SumarioTable {
  cod_sumario: Generated<number>;
  cod_acervo: number;
  cod_fasciculo: number | null;
  ordem: number;
  titulo: string;
  autor: string | null;
  pagina: string | null;
}

/** Migration 005: one access to a restricted online link. */
export interface AcessoLinkTable {
  cod_acesso: Generated<number>;
  cod_link: number;
  cod_pessoa: number | null;
  navegador: string | null;
  dispositivo: string | null;
  sistema: string | null;
  created_at: Generated<string>;
}

/** Migration 003: the MARC-derived search tabs of a title (archive, normative acts, case law). */
export interface AcervoGuiaTable {
  guia: string;
  cod_acervo: number;
}

/** Migration 003: browse-index entries (ADR 062); `chave` is the folded sort key of `valor`. */
export interface IndiceEntradaTable {
  indice: string;
  chave: string;
  valor: string;
  cod_acervo: number;
}

/** Migration 009: one value of a facet derived from the titles' data (ADR 068). */
export interface FacetaValorTable {
  cod_valor: Generated<number>;
  tipo: string;
  codigo: string;
  descricao: string;
}

/** Migration 009: the derived facet values of a title. */
export interface AcervoFacetaTable {
  cod_acervo: number;
  tipo: string;
  cod_valor: number;
}

/** Rate-limit counters (migration 016). */
export interface ContadorLimiteTable {
  chave: string;
  contagem: number;
  inicio: string;
  bloqueado_ate: string | null;
}

export interface DB {
  contador_limite: ContadorLimiteTable;
  instituicao: InstituicaoTable;
  campus: CampusTable;
  biblioteca: BibliotecaTable;
  atividade: AtividadeTable;
  categoria: CategoriaTable;
  categoria_atividade: CategoriaAtividadeTable;
  pessoa: PessoaTable;
  login: LoginTable;
  senha_historico: SenhaHistoricoTable;
  oauth_token: OauthTokenTable;
  tipo_obra: TipoObraTable;
  acervo: AcervoTable;
  acervo_link: AcervoLinkTable;
  exemplar: ExemplarTable;
  autoridade: AutoridadeTable;
  acervo_autoridade: AcervoAutoridadeTable;
  emprestimo: EmprestimoTable;
  reserva: ReservaTable;
  debito: DebitoTable;
  solicitacao_emprestimo: SolicitacaoEmprestimoTable;
  comentario: ComentarioTable;
  sugestao_aquisicao: SugestaoAquisicaoTable;
  alerta: AlertaTable;
  renovacao: RenovacaoTable;
  calendario_feed: CalendarioFeedTable;
  token_emprestimo: TokenEmprestimoTable;
  lista_espera: ListaEsperaTable;
  lista: ListaTable;
  lista_item: ListaItemTable;
  email_saida: EmailSaidaTable;
  tarefa_exclusiva: TarefaExclusivaTable;
  fasciculo: FasciculoTable;
  sumario: SumarioTable;
  acesso_link: AcessoLinkTable;
  acervo_guia: AcervoGuiaTable;
  departamento: DepartamentoTable;
  curso: CursoTable;
  disciplina: DisciplinaTable;
  plano_ensino: PlanoEnsinoTable;
  plano_bibliografia: PlanoBibliografiaTable;
  indice_entrada: IndiceEntradaTable;
  faceta_valor: FacetaValorTable;
  acervo_faceta: AcervoFacetaTable;
  rede_instituicao: RedeInstituicaoTable;
  rede_registro: RedeRegistroTable;
  estado_instalacao: EstadoInstalacaoTable;
  reconstrucao_pendente: ReconstrucaoPendenteTable;
  reindexacao_pendente: ReindexacaoPendenteTable;
  recuperacao_senha: RecuperacaoSenhaTable;
  gru: GruTable;
  pesquisa_salva: PesquisaSalvaTable;
  preferencia_notificacao: PreferenciaNotificacaoTable;
  chave_assinatura: ChaveAssinaturaTable;
  armazem: ArmazemTable;
  estatistica_acesso: EstatisticaAcessoTable;
  produto_target: ProdutoTargetTable;
  pessoa_redirect: PessoaRedirectTable;
  token_redireciona: TokenRedirecionaTable;
  captcha_usado: CaptchaUsadoTable;
  sessao_login: SessaoLoginTable;
  acervo_mudanca: AcervoMudancaTable;
  acervo_na_estante: AcervoNaEstanteTable;
  afastamento: AfastamentoTable;
  busca_ordem: BuscaOrdemTable;
  busca_palavra: BuscaPalavraTable;
  busca_termo: BuscaTermoTable;
  catalogo_versao: CatalogoVersaoTable;
  nada_consta: NadaConstaTable;
  perfil_interesse: PerfilInteresseTable;
  perfil_interesse_envio: PerfilInteresseEnvioTable;
  perfil_interesse_item: PerfilInteresseItemTable;
  perfil_interesse_periodico: PerfilInteressePeriodicoTable;
  perfil_interesse_tipo_obra: PerfilInteresseTipoObraTable;
  solicitacao_biblioteca: SolicitacaoBibliotecaTable;
  sso_fluxo: SsoFluxoTable;
  localizacao_fechada: LocalizacaoFechadaTable;
  alteracao_email: AlteracaoEmailTable;
}

/** Migration 092 (ADR 236): a new e-mail address waiting for the link sent to it; the token as its SHA-256. */
export interface AlteracaoEmailTable {
  id: Generated<number>;
  cod_pessoa: number;
  email_novo: string;
  token_hash: string;
  expira_em: string;
  usado_em: string | null;
  /** pendente | confirmada | substituida | cancelada */
  situacao: Generated<string>;
  created_at: string;
}

/** Migration 091: a library's location in closed stacks (its copies are fetched by the staff). */
export interface LocalizacaoFechadaTable {
  cod_biblioteca: number;
  localizacao: string;
}

/** Migration 050 (ADR 180): a list of titles a patron hands to a library. */
export interface ArmazemTable {
  cod_armazem: Generated<number>;
  cod_pessoa: number;
  cod_biblioteca: number;
  /** JSON array of cod_acervo. */
  acervos: string;
  created_at: Generated<string>;
}

export interface EstatisticaAcessoTable {
  id: Generated<number>;
  cod_acervo: number | null;
  cod_link: number | null;
  origem: string;
  cod_pessoa: number | null;
  created_at: Generated<string>;
}

export interface ProdutoTargetTable {
  cod_produto: Generated<number>;
  codigo: string;
  titulo: string;
  ano: number | null;
}

export interface PessoaRedirectTable {
  cod_pessoa: number;
  base: string;
  updated_at: Generated<string>;
}

export interface TokenRedirecionaTable {
  token_hash: string;
  cod_pessoa: number;
  expires_at: string;
  created_at: Generated<string>;
}

/** The login a token family works under (migration 041, ADR 172). */
export interface SessaoLoginTable {
  familia: string;
  cod_login: number;
}

/** A captcha challenge already used (migration 040, ADR 170). */
export interface CaptchaUsadoTable {
  assinatura_hash: string;
  expires_at: string;
}

/** What the first start did (migration 011, ADR 100). */
export interface EstadoInstalacaoTable {
  chave: string;
  valor: string;
  updated_at: Generated<string>;
}

/** A search-derived table a migration asked to rebuild once the migrations are done (api/db/migrations/derived-data.ts). */
export interface ReconstrucaoPendenteTable {
  tipo: string;
}

/** A title whose search index entries a migration asked to rewrite after the migrations (derived-data.ts). */
export interface ReindexacaoPendenteTable {
  cod_acervo: number;
}

/** A GRU payment slip issued for some of a patron's debits, with its PIX code (migration 021). */
export interface GruTable {
  cod_gru: Generated<number>;
  cod_pessoa: number;
  cod_biblioteca: number;
  valor: number;
  debitos: string;
  numero_referencia: string;
  vencimento: string;
  pix: string;
  situacao: Generated<string>;
  data_pagamento: string | null;
  created_at: Generated<string>;
}

/** A patron's saved catalogue search (migration 021). */
export interface PesquisaSalvaTable {
  id: Generated<number>;
  cod_pessoa: number;
  nome: string;
  consulta: string;
  created_at: Generated<string>;
  /** Migration 099 (ADR 248): diario | semanal | null, and the moment up to which new titles were checked. */
  alerta: string | null;
  alerta_desde: string | null;
}

/** Migration 099 (ADR 248): a patron's choice for one notification event; no row is the default. */
export interface PreferenciaNotificacaoTable {
  cod_pessoa: number;
  evento: string;
  email: number;
  app: number;
  /** The due-soon event: days before the due day. */
  dias: number | null;
}

/** Migration 099: secrets the API signs with (the unsubscribe links'). */
export interface ChaveAssinaturaTable {
  nome: string;
  valor: string;
}

/** Migration 024: a password recovery code sent by e-mail (ADR 130); only its hash is stored. */
export interface RecuperacaoSenhaTable {
  id: Generated<number>;
  cod_login: number;
  codigo_hash: string;
  codigo_salt: string;
  tentativas: Generated<number>;
  expires_at: string;
  encerrado_em: string | null;
  created_at: Generated<string>;
}

/** A member of the network (OAI) catalogue (migration 007, ADR 063). */
export interface RedeInstituicaoTable {
  cod_instituicao: number;
  sigla: string;
  nome: string;
  cidade: string | null;
  repositorio_oai: string;
  url_catalogo: string;
  /** 1 = the institution running this API (its records are its own `acervo`). */
  local: Generated<number>;
}

/** One harvested record of the network catalogue. */
export interface RedeRegistroTable {
  cod_registro: Generated<number>;
  cod_instituicao: number;
  identificador_oai: string;
  cod_origem: string;
  cod_tipo_obra: number | null;
  titulo: string;
  subtitulo: string | null;
  autor: string | null;
  autores_secundarios: Generated<string>;
  editora: string | null;
  local_publicacao: string | null;
  ano_publicacao: number | null;
  edicao: string | null;
  descricao_fisica: string | null;
  classificacao: string | null;
  idioma: string | null;
  isbn: string | null;
  issn: string | null;
  serie: string | null;
  assuntos: Generated<string>;
  notas: Generated<string>;
  link_online: string | null;
  datestamp: Generated<string>;
}

/** The catalogue's change log: the `seq` of each title's last change (migration 077, ADR 105). */
export interface AcervoMudancaTable {
  cod_acervo: number;
  seq: number;
}

/** Titles with a copy on the shelf, per library, and how many (migration 115; kept by triggers on `exemplar`). */
export interface AcervoNaEstanteTable {
  cod_acervo: number;
  cod_biblioteca: number;
  n: number;
}

/** A patron's absence (leave) recorded by the library (migration 071). */
export interface AfastamentoTable {
  cod_afastamento: Generated<number>;
  cod_pessoa: number;
  motivo: string;
  data_inicio: string;
  data_fim: string | null;
  observacao: string | null;
}

/** A title's sort keys for the results' orders (migration 013). */
export interface BuscaOrdemTable {
  cod_acervo: number;
  chave_titulo: string;
  palavras: number;
  titulo_ord: string;
  sem_autor: number;
  autor_ord: string;
  ano_ord: number;
  /** Migration 096: the work key (filing title and main author, folded; ADR 244); null for an untitled record. */
  chave_obra: string | null;
  /**
   * Migration 114: the smallest non-empty call number of the title's copies, null when none (the "call number"
   * order, ADR 271); kept by triggers on `exemplar`.
   */
  chamada_ord: string | null;
}

/** The spelling vocabulary: a folded word and the form shown (migration 002, ADR 105's did-you-mean). */
export interface BuscaPalavraTable {
  palavra: string;
  forma: string;
}

/** The SQLite text index's terms, for the last word's prefix (migration 074). */
export interface BuscaTermoTable {
  termo: string;
}

/** The catalogue's change counter, one row (migration 077). */
export interface CatalogoVersaoTable {
  id: number;
  seq: number;
}

/** A no-debts declaration issued to a patron, with its public verification code (migration 071, ADR 192). */
export interface NadaConstaTable {
  cod_declaracao: Generated<number>;
  cod_pessoa: number;
  codigo: string;
  nome_pessoa: string;
  documento: string | null;
  categoria: string;
  emitida_em: Generated<string>;
}

/** A patron's interest profile and its expiry (migration 070). */
export interface PerfilInteresseTable {
  cod_pessoa: number;
  validade: string;
  updated_at: Generated<string>;
}

/** The titles already sent to a patron for their interest profile (migration 070). */
export interface PerfilInteresseEnvioTable {
  cod_pessoa: number;
  cod_acervo: number;
  created_at: Generated<string>;
}

/** An area, author or subject of a patron's interest profile (migration 070). */
export interface PerfilInteresseItemTable {
  cod_item: Generated<number>;
  cod_pessoa: number;
  tipo_dsi: string;
  cod_tipo_area: Generated<number>;
  codigo: string;
  descricao: string;
  created_at: Generated<string>;
}

/** A periodical a patron's interest profile follows, with its journal types (migration 070). */
export interface PerfilInteressePeriodicoTable {
  cod_pessoa: number;
  cod_acervo: number;
  tipos: string;
  created_at: Generated<string>;
}

/** A work type of a patron's interest profile (migration 070). */
export interface PerfilInteresseTipoObraTable {
  cod_pessoa: number;
  cod_tipo_obra: number;
}

/** A request to the library (migration 060, ADR 190). */
export interface SolicitacaoBibliotecaTable {
  cod_solicitacao: Generated<number>;
  cod_pessoa: number;
  tipo: string;
  subtipo: string | null;
  dados: Generated<string>;
  chave_duplicidade: string;
  situacao: Generated<string>;
  resposta: string | null;
  data_resposta: string | null;
  created_at: Generated<string>;
}

/** A single sign-on flow in progress: state, nonce, PKCE verifier or SAML request (migration 030, ADR 160). */
export interface SsoFluxoTable {
  nonce_hash: string;
  tipo: "oidc" | "saml";
  estado: string | null;
  verificador: string | null;
  pedido_saml: string | null;
  criado_em: string;
  usado_em: string | null;
}
