/**
 * The words of the patron-request rules, shared by the groups that answer them (/api/reserva, /api/validar-fila,
 * /api/solicitacao-emprestimo, /api/lista-espera, /api/comentarios, /api/comentario, /api/sugestao-aquisicao,
 * /api/aquisicao, /api/solicitacoes), by `lang`. The domain answers codes (`api/domain/refusals.ts`); these are their words.
 */
import type { RuleCode } from "../domain/refusals.ts";
import type { Lang } from "../lib/messages.ts";

/** Messages of the patron-request rules (holds, loan requests, comments, suggestions), by `lang`. */
const RULE_MESSAGES: Record<RuleCode, Record<Lang, string>> = {
  exemplar_disponivel: {
    pt: "Há exemplar disponível deste título: não é possível reservar. Solicite o empréstimo ou retire na biblioteca.",
    es: "Hay un ejemplar disponible de este título: no es posible reservar. Solicite el préstamo o retírelo en la biblioteca.",
    en: "A copy of this title is available, so it cannot be reserved. Request a loan or pick it up at the library.",
  },
  sem_exemplar_reservavel: {
    pt: "Reserva cancelada: nenhum exemplar permite reserva.",
    es: "Reserva cancelada: ningún ejemplar permite reserva.",
    en: "Hold cancelled: no copy allows holds.",
  },
  reserva_existente: {
    pt: "Você já tem uma reserva ativa deste título.",
    es: "Ya tiene una reserva activa de este título.",
    en: "You already have an active hold on this title.",
  },
  titulo_emprestado: {
    pt: "Este título já está emprestado para você.",
    es: "Este título ya está prestado a usted.",
    en: "You already have this title on loan.",
  },
  limite_reservas: {
    pt: "Limite de reservas excedido para a sua categoria.",
    es: "Límite de reservas excedido para su categoría.",
    en: "Hold limit exceeded for your category.",
  },
  usuario_bloqueado: {
    pt: "Usuário bloqueado pela biblioteca: procure o atendimento.",
    es: "Usuario bloqueado por la biblioteca: acuda a la atención.",
    en: "Your account is blocked by the library: please contact the desk.",
  },
  usuario_desvinculado: {
    pt: "Seu vínculo com a unidade de informação foi encerrado pela declaração de nada consta.",
    es: "Su vínculo con la unidad de información terminó con la declaración de no adeudo.",
    en: "Your link with the information unit ended when your no-debts declaration was issued.",
  },
  limite_solicitacoes: {
    pt: "Limite de solicitações excedido.",
    es: "Límite de solicitudes excedido.",
    en: "Request limit exceeded.",
  },
  solicitacao_duplicada: {
    pt: "Já existe uma solicitação com os mesmos dados.",
    es: "Ya existe una solicitud con los mismos datos.",
    en: "A request with the same data already exists.",
  },
  sem_exemplar_disponivel: {
    pt: "Não há exemplar disponível para empréstimo nesta biblioteca.",
    es: "No hay ejemplar disponible para préstamo en esta biblioteca.",
    en: "No copy is available for loan in this library.",
  },
  lista_espera_indisponivel: {
    pt: "Este título pode ser solicitado ou reservado agora: use a solicitação de empréstimo ou a reserva.",
    es: "Este título se puede solicitar o reservar ahora: use la solicitud de préstamo o la reserva.",
    en: "This title can be requested or held now: use the loan request or the hold.",
  },
  limite_comentarios: {
    pt: "Limite de comentários aguardando aprovação excedido: comentário não enviado.",
    es: "Límite de comentarios pendientes de aprobación excedido: comentario no enviado.",
    en: "Limit of comments awaiting approval exceeded: comment not sent.",
  },
  atividade_negada: {
    pt: "Sua categoria de usuário não permite esta operação.",
    es: "Su categoría de usuario no permite esta operación.",
    en: "Your user category does not allow this.",
  },
  somente_professor: {
    pt: "Somente professores sugerem a bibliografia das suas disciplinas.",
    es: "Solo los profesores sugieren la bibliografía de sus asignaturas.",
    en: "Only professors suggest the bibliography of their disciplines.",
  },
};

/** The words of a rule's refusal in `lang`. */
export function ruleMessage(lang: Lang, code: RuleCode): string {
  return RULE_MESSAGES[code][lang];
}

const FIELD_NOT_FILLED: Record<Lang, string> = {
  pt: "Campo obrigatório não preenchido: {campo}",
  es: "Campo obligatorio no completado: {campo}",
  en: "Required field not filled: {campo}",
};

/** The names the "required field not filled" message of a suggestion gives (a professor's suggestion has three more, ADR 195). */
const SUGGESTION_FIELD_NAMES: Record<string, Record<Lang, string>> = {
  biblioteca: { pt: "Biblioteca", es: "Biblioteca", en: "Library" },
  titulo: { pt: "Título", es: "Título", en: "Title" },
  editor: { pt: "Editora", es: "Editorial", en: "Publisher" },
  plano: { pt: "Disciplina", es: "Asignatura", en: "Discipline" },
  tipo_bibliografia: { pt: "Bibliografia", es: "Bibliografía", en: "Bibliography" },
  exemplares: { pt: "Número de exemplares", es: "Número de ejemplares", en: "Number of copies" },
};

/** A suggestion's required field left empty (spec §5 "required field not filled: <field>"). */
export function suggestionFieldNotFilled(lang: Lang, field: string): string {
  return FIELD_NOT_FILLED[lang].replace("{campo}", SUGGESTION_FIELD_NAMES[field]?.[lang] ?? field);
}

/** Where a requested copy can be received (`RECEIVING_LOCATIONS` of the loan requests), by code. */
const RECEIVING_LOCATION_NAMES: Record<number, Record<Lang, string>> = {
  1: { pt: "Balcão de empréstimo", es: "Mostrador de préstamo", en: "Loan desk" },
  2: { pt: "Armário de retirada (autoatendimento)", es: "Casillero de retiro (autoservicio)", en: "Pick-up locker (self-service)" },
  3: { pt: "Entrega em domicílio", es: "Entrega a domicilio", en: "Home delivery" },
};

/** The name of a receiving location in `lang`. */
export function receivingLocationName(lang: Lang, codigo: number): string {
  return RECEIVING_LOCATION_NAMES[codigo][lang];
}
