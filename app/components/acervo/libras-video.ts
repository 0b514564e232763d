/**
 * Whether an online link of a title is a sign-language (Libras) video: the library's description of the link
 * (MARC 856 $3/$y/$z) names Libras, and the address is a web address (ADR 256).
 */
export function isLibrasVideo(link: { url: string; descricao: string | null }): boolean {
  return /\blibras\b/i.test(link.descricao ?? "") && /^https?:\/\//i.test(link.url);
}
