import { config } from "zod/v4/core";

// Zod compiles object parsers with `new Function` and probes for it once; the Content-Security-Policy
// forbids eval and reports even the swallowed probe. Jitless parsing is plenty for forms. The setting
// is read when a schema is built, so every module that builds one imports this file first.
config({ jitless: true });
