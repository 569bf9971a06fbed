/**
 * i18next-parser over the server and the contract: every `msg("…")` (error messages, zod messages,
 * notification and email texts, labels the contract keeps) into the `messages` namespace.
 * `npm run i18n:extract` writes it; `tests/unit/catalogues.test.ts` checks it.
 */
import { shared } from "./shared.mjs";

export default {
  ...shared,
  // Relative to this folder, as i18next-parser reads them.
  // The browser's own form rules use `msg` too (features/*/…-schema.ts).
  input: ["../src/contract/**/*.ts", "../src/server/**/*.ts", "../src/client/**/*.{ts,tsx}"],
  defaultNamespace: "messages",
  lexers: {
    // `msg` keys all belong to `messages`, whatever namespace the file's `useTranslation` names.
    ts: [{ lexer: "JavascriptLexer", functions: ["msg"], namespaceFunctions: [] }],
    tsx: [{ lexer: "JsxLexer", functions: ["msg"], namespaceFunctions: [], componentFunctions: [] }],
    default: ["JavascriptLexer"],
  },
};
