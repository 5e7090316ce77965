/** A flight and its route: "KE907 GMP→KIX". */
import type { ClauseRule } from "./rule-common.js";

/** A flight number: two letters or a letter and a digit, then three or four digits ("LJ204", "OZ3521"). */
export const FLIGHT_CODE_RE = /^(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])\d{3,4}$/u;
/** An arrow between two places inside one token ("GMP→KIX"); the token has no spaces. */
const ROUTE_ARROW_RE = /(?<=\S)(?:→|->|⇒)(?=\S)/u;

/** "KE907 GMP→KIX": a flight number and its route; the flight becomes the topic. */
export const flightRoute: ClauseRule = ({ tokens, state, korean }) => {
  const [code = "", route = ""] = tokens;
  if (tokens.length !== 2 || !FLIGHT_CODE_RE.test(code) || /\s/u.test(route) || !ROUTE_ARROW_RE.test(route))
    return false;
  const emitted = state.emit(code, korean ? "노선" : "route", route);
  if (emitted) state.topic = code;
  return emitted;
};
