/**
 * After a failed POST the page title starts with the translated "Error:" (route `meta` cannot see action data,
 * so the screen renders the title itself; React places it in the document head).
 */
export function ErrorTitle({ show, prefix, title }: { show: boolean; prefix: string; title: string }) {
  return show ? <title>{`${prefix} ${title}`}</title> : null;
}
