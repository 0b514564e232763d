import { redirect, type RouterContextProvider } from "react-router";
import { getSession, type SessionUser } from "./session.server";

/**
 * Protected routes (spec §2): with no signed-in patron, redirect to /login?redirect={path}.
 * Returns the session user otherwise.
 */
export function requireUser(request: Request, context: Readonly<RouterContextProvider>): SessionUser {
  const user = getSession(context).user;
  if (user) return user;
  const url = new URL(request.url);
  const path = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
  throw redirect(`/login?redirect=${encodeURIComponent(path)}`);
}
