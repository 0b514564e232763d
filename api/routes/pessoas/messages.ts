/** Words of the /api/pessoas group, by `lang`: the contact details', the personal data's and the services' refusals and mails. */
import type { Lang } from "../../lib/messages.ts";

/** The contact details' words (ADR 236): refusals, and the two mails a request sends. */
export const CONTACT_MESSAGES = {
  email_invalido: { pt: "Informe um endereço de e-mail válido.", es: "Indique una dirección de correo válida.", en: "Enter a valid e-mail address." },
  email_igual: { pt: "Este já é o seu e-mail.", es: "Este ya es su correo.", en: "This is already your e-mail address." },
  email_em_uso: {
    pt: "Este e-mail não pode ser usado no seu cadastro. Informe outro ou procure a biblioteca.",
    es: "Este correo no se puede usar en su registro. Indique otro o consulte a la biblioteca.",
    en: "This e-mail address cannot be used for your account. Enter another one or ask the library.",
  },
  muitas_tentativas: {
    pt: "Muitos pedidos de troca de e-mail. Tente novamente em uma hora.",
    es: "Demasiadas solicitudes de cambio de correo. Inténtelo de nuevo en una hora.",
    en: "Too many e-mail change requests. Try again in an hour.",
  },
  sem_pedido: {
    pt: "Não há troca de e-mail aguardando confirmação.",
    es: "No hay cambio de correo pendiente de confirmación.",
    en: "There is no e-mail change waiting for confirmation.",
  },
  link_invalido: {
    pt: "Este link de confirmação não vale mais: já foi usado ou foi substituído por um pedido mais novo.",
    es: "Este enlace de confirmación ya no es válido: ya se usó o fue sustituido por una solicitud más reciente.",
    en: "This confirmation link no longer works: it was already used or replaced by a newer request.",
  },
  link_expirado: {
    pt: "Este link de confirmação expirou. Peça a troca de novo em Dados pessoais.",
    es: "Este enlace de confirmación caducó. Solicite el cambio de nuevo en Datos personales.",
    en: "This confirmation link has expired. Ask for the change again in Personal data.",
  },
  assunto_confirmar: { pt: "Confirme o seu novo e-mail", es: "Confirme su nuevo correo", en: "Confirm your new e-mail address" },
  corpo_confirmar: {
    pt: 'Olá, {nome}.\n\nFoi pedido que {novo} passe a ser o e-mail do seu cadastro na biblioteca. Para confirmar, abra o endereço abaixo em até {horas} horas e use o botão "Confirmar":\n\n{link}\n\nSe não foi você quem pediu, ignore esta mensagem: nada muda.',
    es: 'Hola, {nome}.\n\nSe solicitó que {novo} pase a ser el correo de su registro en la biblioteca. Para confirmarlo, abra la dirección de abajo en un plazo de {horas} horas y use el botón "Confirmar":\n\n{link}\n\nSi no fue usted quien lo pidió, ignore este mensaje: nada cambia.',
    en: 'Hello, {nome}.\n\nA request was made for {novo} to become the e-mail address of your library account. To confirm it, open the address below within {horas} hours and use the "Confirm" button:\n\n{link}\n\nIf you did not ask for this, ignore this message: nothing changes.',
  },
  assunto_aviso: { pt: "Pedido de troca do seu e-mail", es: "Solicitud de cambio de su correo", en: "Request to change your e-mail address" },
  corpo_aviso: {
    pt: "Olá, {nome}.\n\nFoi pedida a troca do e-mail do seu cadastro na biblioteca para {novo}. A troca só vale depois de confirmada pelo link enviado ao novo endereço; até lá, este continua sendo o seu e-mail.\n\nSe não foi você, altere a sua senha e procure a biblioteca.",
    es: "Hola, {nome}.\n\nSe solicitó cambiar el correo de su registro en la biblioteca a {novo}. El cambio solo vale después de confirmado por el enlace enviado a la nueva dirección; hasta entonces, este sigue siendo su correo.\n\nSi no fue usted, cambie su contraseña y consulte a la biblioteca.",
    en: "Hello, {nome}.\n\nA request was made to change the e-mail address of your library account to {novo}. The change only applies once confirmed through the link sent to the new address; until then, this remains your address.\n\nIf this was not you, change your password and contact the library.",
  },
} satisfies Record<string, Record<Lang, string>>;

/** The personal data's and the password's refusals. */
export const PROFILE_MESSAGES = {
  nao_editavel: {
    pt: "Este dado não pode ser alterado por você; procure a biblioteca.",
    es: "Usted no puede cambiar este dato; consulte a la biblioteca.",
    en: "You cannot change this field; ask the library.",
  },
  cpf_invalido: { pt: "CPF inválido: confira os dígitos.", es: "CPF no válido: revise los dígitos.", en: "Invalid CPF: check the digits." },
  cep_invalido: {
    pt: "CEP inválido: use o formato 00000-000.",
    es: "CEP no válido: use el formato 00000-000.",
    en: "Invalid postal code (CEP): use the format 00000-000.",
  },
  data_invalida: { pt: "Data inválida.", es: "Fecha no válida.", en: "Invalid date." },
  data_futura: {
    pt: "A data de nascimento não pode ser futura.",
    es: "La fecha de nacimiento no puede ser futura.",
    en: "The birth date cannot be in the future.",
  },
  opcao_invalida: { pt: "Escolha uma das opções.", es: "Elija una de las opciones.", en: "Choose one of the options." },
  muito_longo: { pt: "Texto longo demais.", es: "Texto demasiado largo.", en: "Text too long." },
  // Spec §5's phone rule (ADR 236).
  telefone_invalido: {
    pt: "Telefone inválido: use só números, hífen, parênteses e espaço, até 16 caracteres.",
    es: "Teléfono no válido: use solo números, guion, paréntesis y espacio, hasta 16 caracteres.",
    en: "Invalid phone: use only digits, dash, parentheses and space, up to 16 characters.",
  },
  senha_atual_incorreta: { pt: "A senha atual está incorreta.", es: "La contraseña actual es incorrecta.", en: "The current password is incorrect." },
  // Spec §5's failure message.
  senha_fora_dos_criterios: {
    pt: "A senha não atende a todos os critérios!",
    es: "¡La contraseña no cumple todos los criterios!",
    en: "The password doesn't match all the criteria!",
  },
  confirmacao_necessaria: {
    pt: "Confirme que deseja apagar o seu histórico de empréstimos.",
    es: "Confirme que desea borrar su historial de préstamos.",
    en: "Confirm that you want to delete your loan history.",
  },
  dados_invalidos: { pt: "Dados inválidos.", es: "Datos no válidos.", en: "Invalid data." },
} satisfies Record<string, Record<Lang, string>>;

/** The services' refusals (paper posting, user swap). */
export const SERVICE_MESSAGES = {
  postagem_indisponivel: {
    pt: "A postagem de trabalhos não está disponível nesta instituição.",
    es: "El envío de trabajos no está disponible en esta institución.",
    en: "Paper posting is not available at this institution.",
  },
  mesmo_usuario: {
    pt: "Você já está conectado com este usuário.",
    es: "Ya está conectado con este usuario.",
    en: "You are already signed in as this user.",
  },
} satisfies Record<string, Record<Lang, string>>;
