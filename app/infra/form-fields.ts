/**
 * Names of the hidden fields every public form sends and the form guard reads. Not a `.server`
 * module: the forms in the browser bundle (ui/field.tsx and the JSON-posting forms) use them too.
 */

/** The honeypot: bots fill it in, people never see it. */
export const HONEYPOT_FIELD = "website";
/** How long the form was open, in ms, measured by the browser (so no clock has to agree). */
export const ELAPSED_FIELD = "elapsedMs";
