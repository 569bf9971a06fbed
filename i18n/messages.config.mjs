/**
 * i18next-parser over the server and the contract: every `msg("…")` (error messages, zod messages,
 * notification and email texts, labels the contract keeps) into the `messages` namespace.
 * `npm run i18n:extract` writes it; `tests/unit/catalogues.test.ts` checks it.
 */
import { shared } from "./shared.mjs";

export default {
  ...shared,
  // Relative to this folder, as i18next-parser reads them.
  input: ["../src/contract/**/*.ts", "../src/server/**/*.ts"],
  defaultNamespace: "messages",
  lexers: {
    ts: [{ lexer: "JavascriptLexer", functions: ["msg"] }],
    default: ["JavascriptLexer"],
  },
};
