/** Any path no route matches. */
import { data } from "react-router";

/** A real 404: the page says so and helps (the component draws it). */
export function loadNotFound() {
  return data(null, { status: 404 });
}
