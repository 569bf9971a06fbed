/**
 * i18next-parser over the browser's code: every `t("…")` and `<Trans>` into the namespace its
 * file's `useTranslation` names (`common` by default). `npm run i18n:extract` writes them;
 * `tests/unit/catalogues.test.ts` checks them.
 */
import { shared } from "./shared.mjs";

export default {
  ...shared,
  // Relative to this folder, as i18next-parser reads them.
  input: ["../src/client/**/*.{ts,tsx}"],
  defaultNamespace: "common",
  lexers: {
    ts: [{ lexer: "JavascriptLexer", functions: ["t", "i18n.t"] }],
    tsx: [{ lexer: "JsxLexer", functions: ["t", "i18n.t"], transIdentityFunctionsToIgnore: [] }],
    default: ["JavascriptLexer"],
  },
};
