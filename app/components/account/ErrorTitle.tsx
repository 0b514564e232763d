import { useEffect } from "react";

/**
 * With JS, a failed POST does not reload the route's data, so `meta` keeps the plain title: prefix it here with
 * the translated "Error:" while the error shows, and restore it afterwards. (Without JS the loader already
 * returns the prefixed title; see app/lib/action-failed.server.ts.)
 */
export function ErrorTitle({ show, prefix, title }: { show: boolean; prefix: string; title: string }) {
  useEffect(() => {
    if (!show) return;
    const before = document.title;
    document.title = `${prefix} ${title}`;
    return () => {
      document.title = before.startsWith(prefix) ? title : before;
    };
  }, [show, prefix, title]);
  return null;
}
