/**
 * A separator that only text browsers and screen readers meet: pieces laid side by side with CSS (a title, a
 * badge, a date) would otherwise read as one run of words in Lynx or w3m ("TítuloEm atrasoDevolução…"). On
 * screen it takes no room (ADR 151).
 */
export function TextSep() {
  return <span className="visually-hidden">; </span>;
}
