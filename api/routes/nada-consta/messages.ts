/** The API's own words for this group (spec §4, §8), by `lang`. */
import type { Lang } from "../../lib/messages.ts";

export const TEXT = {
  emprestimos: { pt: "Empréstimos em aberto: {n}", es: "Préstamos pendientes: {n}", en: "Loans not returned: {n}" },
  reservas: { pt: "Reservas ativas: {n}", es: "Reservas activas: {n}", en: "Active holds: {n}" },
  debitos: { pt: "Débitos em aberto: {n}", es: "Deudas pendientes: {n}", en: "Unpaid debits: {n}" },
  pendencias: {
    pt: "A declaração de nada consta não pode ser emitida: há pendências com a biblioteca.",
    es: "La declaración de no adeudo no puede emitirse: hay pendientes con la biblioteca.",
    en: "The no-debts declaration cannot be issued: you have items pending with the library.",
  },
  confirmacao: {
    pt: "Confirme que está ciente de que a declaração encerra o seu vínculo com a unidade de informação.",
    es: "Confirme que sabe que la declaración termina su vínculo con la unidad de información.",
    en: "Confirm that you understand the declaration ends your link with the information unit.",
  },
  sem_declaracao: {
    pt: "Você ainda não tem declaração de nada consta.",
    es: "Aún no tiene declaración de no adeudo.",
    en: "You have no no-debts declaration yet.",
  },
  sem_email: {
    pt: "Não há e-mail no seu cadastro para enviar a declaração.",
    es: "No hay correo en su registro para enviar la declaración.",
    en: "There is no e-mail address on your record to send the declaration to.",
  },
  codigo: {
    pt: "Informe o código de verificação (12 letras e números).",
    es: "Indique el código de verificación (12 letras y números).",
    en: "Enter the verification code (12 letters and digits).",
  },
  nao_encontrada: { pt: "Nenhuma declaração com este código.", es: "Ninguna declaración con este código.", en: "No declaration has this code." },
  assunto: { pt: "Declaração de nada consta", es: "Declaración de no adeudo", en: "No-debts declaration" },
  corpo: {
    pt: "Olá, {nome}.\n\nSegue em anexo a sua declaração de nada consta, emitida em {data}. Código de verificação: {codigo}.",
    es: "Hola, {nome}.\n\nAdjuntamos su declaración de no adeudo, emitida el {data}. Código de verificación: {codigo}.",
    en: "Hello {nome},\n\nYour no-debts declaration, issued on {data}, is attached. Verification code: {codigo}.",
  },
} satisfies Record<string, Record<Lang, string>>;
