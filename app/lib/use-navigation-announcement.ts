import { useEffect, useRef, useState } from "react";

/**
 * The text of a polite live region after client-side navigations: empty on the first render (the page itself
 * says it), then `text` after each navigation (a new `navigationKey`, e.g. `useLocation().key`).
 */
export function useNavigationAnnouncement(text: string, navigationKey: string): string {
  const [message, setMessage] = useState("");
  const firstKey = useRef(navigationKey);
  useEffect(() => {
    if (navigationKey !== firstKey.current) setMessage(text);
  }, [text, navigationKey]);
  return message;
}
