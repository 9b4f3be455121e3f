import { data } from "react-router";

/** Any path without a route: a real 404 rendered by the root error boundary. */
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
