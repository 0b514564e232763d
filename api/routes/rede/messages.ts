/** The words of the network catalogue's answers (`/api/rede-pergamum`), by `lang`. */
import type { Lang } from "../../lib/messages.ts";

/** The spec §8 message of a failing network catalogue, in the API's languages. */
export const UNAVAILABLE_MESSAGE: Record<Lang, string> = {
  pt: "Serviço Rede Pergamum não disponível!",
  es: "¡Servicio Red Pergamum no disponible!",
  en: "Pergamum Network service not available!",
};
