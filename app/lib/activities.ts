/** Activity codes that gate features (spec §6). Usable on the server and in the browser. */
export const ACTIVITY = {
  PRIVATE_AREA: 8,
  SUGGESTION: 12,
  COMMENT: 13,
  ICAP: 57,
  NETWORK: 87,
  PRODUCT_LOGO: 88,
  MODAL_LOGIN: 107,
  CAPTCHA: 1120,
} as const;
