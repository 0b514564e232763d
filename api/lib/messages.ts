/** Languages the API answers in, chosen by the `lang` header (1 pt, 3 es, 5 en). */
export type Lang = "pt" | "es" | "en";

/** Maps the `lang` header to a language; a missing or unknown value falls back to Portuguese. */
export function langFromHeader(value: string | null | undefined): Lang {
  switch ((value ?? "").trim()) {
    case "3":
      return "es";
    case "5":
      return "en";
    default:
      return "pt";
  }
}

const pt = {
  token_invalido: "Token inválido ou expirado.",
  token_ausente: "Autenticação necessária.",
  login_necessario: "Faça login para acessar este recurso.",
  credenciais_ausentes: "Informe usuário e senha.",
  credenciais_invalidas: "Usuário ou senha incorretos.",
  muitas_tentativas: "Muitas tentativas consecutivas. Tente novamente em 15 minutos.",
  cliente_invalido: "Cliente OAuth inválido.",
  grant_invalido: "Tipo de concessão não suportado.",
  refresh_invalido: "Sessão expirada. Faça login novamente.",
  sso_indisponivel: "O login institucional não está configurado nesta instituição.",
  sso_permissao_negada: "Permissão negada na autenticação externa.",
  sso_erro_autenticacao: "Erro de autenticação. Tente novamente mais tarde.",
  sso_token_invalido: "Erro na validação do token.",
  sso_usuario_nao_encontrado: "Usuário não encontrado. Entre com as mesmas credenciais do seu cadastro.",
  nao_encontrado: "Registro não encontrado.",
  rota_inexistente: "Recurso não encontrado.",
  validacao: "Dados inválidos.",
  campo_obrigatorio: "O campo acima é obrigatório.",
  termo_curto: "Informe ao menos {min} caracteres.",
  valor_invalido: "Valor inválido.",
  nao_sem_linha: "NÃO precisa de uma linha preenchida antes dela, da qual excluir.",
  ao_menos_um_campo: "Preencha ao menos um campo.",
  erro_inesperado: "Erro inesperado. Tente novamente mais tarde.",
  recuperacao_indisponivel: "A recuperação de senha não está disponível nesta instituição.",
  codigo_invalido:
    "Código errado ou expirado. Confira os dígitos e digite-o de novo; depois de 5 tentativas erradas ou quando ele expirar, peça um novo código.",
  captcha_ausente: "Faça a verificação do Captcha!",
  login_invalido: "Este login não é seu ou não pertence a essa base.",
  captcha_expirado: "A verificação do Captcha expirou. Faça-a de novo.",
  captcha_invalido: "A verificação do Captcha é inválida. Faça-a de novo.",
  senha_fora_dos_criterios: "A senha não atende a todos os critérios!",
  senha_alterada: "Senha alterada. Entre com a nova senha.",
  regra_length: "Ter de {min} a {max} caracteres.",
  regra_has_numbers: "Conter pelo menos um número.",
  regra_only_numbers: "Conter somente números.",
  regra_special_char: "Conter pelo menos um destes caracteres especiais: @ ! # $ % & * ( ) - _",
  regra_diff_case: "Misturar letras maiúsculas e minúsculas.",
  regra_diff_name: "Não conter nenhuma parte do seu nome.",
  regra_last_pw: "Ser diferente das suas últimas {n} senhas.",
  recuperacao_assunto: "Código para criar uma nova senha",
  recuperacao_corpo:
    "Olá, {nome}.\n\nSeu código de verificação é {codigo}. Ele vale por {minutos} minutos e só pode ser usado uma vez.\n\nSe você não pediu uma nova senha, ignore esta mensagem: sua senha atual continua valendo.",
  corpo_invalido: "O corpo da requisição não é um JSON ou formulário válido.",
  tipo_conteudo: "Tipo de conteúdo não suportado: envie JSON ou formulário.",
  corpo_grande: "A requisição passa do tamanho máximo permitido.",
  usuario_bloqueado: "Seu cadastro está bloqueado pela biblioteca. Procure o atendimento.",
  envio_limite: "Limite de envios atingido. Tente novamente mais tarde.",
};

type Catalogue = Record<keyof typeof pt, string>;

const es: Catalogue = {
  token_invalido: "Token inválido o caducado.",
  token_ausente: "Se requiere autenticación.",
  login_necessario: "Inicie sesión para acceder a este recurso.",
  credenciais_ausentes: "Indique usuario y contraseña.",
  credenciais_invalidas: "Usuario o contraseña incorrectos.",
  muitas_tentativas: "Demasiados intentos consecutivos. Inténtelo de nuevo en 15 minutos.",
  cliente_invalido: "Cliente OAuth no válido.",
  grant_invalido: "Tipo de concesión no admitido.",
  refresh_invalido: "Sesión caducada. Inicie sesión de nuevo.",
  sso_indisponivel: "El inicio de sesión institucional no está configurado en esta institución.",
  sso_permissao_negada: "Permiso denegado en la autenticación externa.",
  sso_erro_autenticacao: "Error de autenticación. Inténtelo de nuevo más tarde.",
  sso_token_invalido: "Error en la validación del token.",
  sso_usuario_nao_encontrado: "Usuario no encontrado. Inicie sesión con las mismas credenciales de su registro.",
  nao_encontrado: "Registro no encontrado.",
  rota_inexistente: "Recurso no encontrado.",
  validacao: "Datos no válidos.",
  campo_obrigatorio: "El campo anterior es obligatorio.",
  termo_curto: "Escriba al menos {min} caracteres.",
  valor_invalido: "Valor no válido.",
  nao_sem_linha: "NO necesita una fila completada antes, de la cual excluir.",
  ao_menos_um_campo: "Complete al menos un campo.",
  erro_inesperado: "Error inesperado. Inténtelo más tarde.",
  recuperacao_indisponivel: "La recuperación de contraseña no está disponible en esta institución.",
  codigo_invalido:
    "Código incorrecto o caducado. Revise los dígitos y escríbalo de nuevo; tras 5 intentos fallidos o cuando caduque, solicite un código nuevo.",
  captcha_ausente: "¡Haga la verificación del Captcha!",
  login_invalido: "Este usuario no es suyo o no pertenece a esa base.",
  captcha_expirado: "La verificación del Captcha ha caducado. Hágala de nuevo.",
  captcha_invalido: "La verificación del Captcha no es válida. Hágala de nuevo.",
  senha_fora_dos_criterios: "¡La contraseña no cumple todos los criterios!",
  senha_alterada: "Contraseña cambiada. Inicie sesión con la nueva contraseña.",
  regra_length: "Tener entre {min} y {max} caracteres.",
  regra_has_numbers: "Contener al menos un número.",
  regra_only_numbers: "Contener solo números.",
  regra_special_char: "Contener al menos uno de estos caracteres especiales: @ ! # $ % & * ( ) - _",
  regra_diff_case: "Combinar letras mayúsculas y minúsculas.",
  regra_diff_name: "No contener ninguna parte de su nombre.",
  regra_last_pw: "Ser distinta de sus últimas {n} contraseñas.",
  recuperacao_assunto: "Código para crear una nueva contraseña",
  recuperacao_corpo:
    "Hola, {nome}.\n\nSu código de verificación es {codigo}. Vale durante {minutos} minutos y solo se puede usar una vez.\n\nSi no pidió una nueva contraseña, ignore este mensaje: su contraseña actual sigue siendo válida.",
  corpo_invalido: "El cuerpo de la solicitud no es un JSON o formulario válido.",
  tipo_conteudo: "Tipo de contenido no admitido: envíe JSON o formulario.",
  corpo_grande: "La solicitud supera el tamaño máximo permitido.",
  usuario_bloqueado: "Su registro está bloqueado por la biblioteca. Acuda a la atención al usuario.",
  envio_limite: "Se alcanzó el límite de envíos. Inténtelo más tarde.",
};

const en: Catalogue = {
  token_invalido: "Invalid or expired token.",
  token_ausente: "Authentication required.",
  login_necessario: "Log in to access this resource.",
  credenciais_ausentes: "Enter your username and password.",
  credenciais_invalidas: "Incorrect username or password.",
  muitas_tentativas: "Too many consecutive attempts. Try again in 15 minutes.",
  cliente_invalido: "Invalid OAuth client.",
  grant_invalido: "Unsupported grant type.",
  refresh_invalido: "Session expired. Please log in again.",
  sso_indisponivel: "Institutional login is not configured at this institution.",
  sso_permissao_negada: "Permission denied on external authentication.",
  sso_erro_autenticacao: "Authentication error. Please try again later.",
  sso_token_invalido: "Token validation error.",
  sso_usuario_nao_encontrado: "User not found. Log in with the same credentials as registered.",
  nao_encontrado: "Record not found.",
  rota_inexistente: "Resource not found.",
  validacao: "Invalid data.",
  campo_obrigatorio: "The above field is required.",
  termo_curto: "Enter at least {min} characters.",
  valor_invalido: "Invalid value.",
  nao_sem_linha: "NOT needs a filled row before it to exclude from.",
  ao_menos_um_campo: "Fill in at least one field.",
  erro_inesperado: "Unexpected error. Please try again later.",
  recuperacao_indisponivel: "Password recovery is not available at this institution.",
  codigo_invalido: "Wrong or expired code. Check the digits and type it again; after 5 wrong tries or once it expires, ask for a new code.",
  captcha_ausente: "Do the Captcha verification!",
  login_invalido: "This login is not yours or is not in that base.",
  captcha_expirado: "The Captcha verification has expired. Please do it again.",
  captcha_invalido: "The Captcha verification is invalid. Please do it again.",
  senha_fora_dos_criterios: "The password doesn't match all the criteria!",
  senha_alterada: "Password changed. Log in with the new password.",
  regra_length: "Be {min} to {max} characters long.",
  regra_has_numbers: "Contain at least one number.",
  regra_only_numbers: "Contain only numbers.",
  regra_special_char: "Contain at least one of these special characters: @ ! # $ % & * ( ) - _",
  regra_diff_case: "Mix upper and lower case letters.",
  regra_diff_name: "Not contain any part of your name.",
  regra_last_pw: "Differ from your last {n} passwords.",
  recuperacao_assunto: "Code to set a new password",
  recuperacao_corpo:
    "Hello, {nome}.\n\nYour verification code is {codigo}. It is valid for {minutos} minutes and can be used once.\n\nIf you did not ask for a new password, ignore this message: your current password still works.",
  corpo_invalido: "The request body is not valid JSON or form data.",
  tipo_conteudo: "Unsupported content type: send JSON or form data.",
  corpo_grande: "The request is larger than the maximum allowed size.",
  usuario_bloqueado: "Your account is blocked by the library. Please contact the service desk.",
  envio_limite: "Sending limit reached. Please try again later.",
};

export type MessageKey = keyof typeof pt;

const catalogues: Record<Lang, Catalogue> = { pt, es, en };

/** The message for `key` in `lang`, with `{name}` placeholders filled from `vars`. */
export function msg(lang: Lang, key: MessageKey, vars: Record<string, string | number> = {}): string {
  return catalogues[lang][key].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}
