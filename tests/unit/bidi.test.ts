/**
 * Bidi isolation (src/contract/bidi.ts; docs/STYLE.md "Direction"): in Arabic a value put into a text
 * keeps its own direction, whether the text is translated or still reads in English; in a
 * left-to-right language the text is exactly what it was.
 */
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { BIDI_ISOLATION, isolated } from "../../src/contract/bidi";
import { translate } from "../../src/server/i18n";

const FSI = "\u2068";
const PDI = "\u2069";

describe("bidi isolation", () => {
  it("isolates each value in a right-to-left language, and nothing in a left-to-right one", async () => {
    const t = i18next.createInstance().use(BIDI_ISOLATION);
    await t.init({
      lng: "ar",
      fallbackLng: false,
      resources: {
        ar: { translation: { "{{name}} cooked it for {{price}}": "طبخها {{name}} بسعر {{price}}" } },
        en: { translation: {} },
      },
      interpolation: { escapeValue: false, alwaysFormat: true },
    });
    expect(t.t("{{name}} cooked it for {{price}}", { name: "Samira H.", price: "$3.00" })).toBe(
      `طبخها ${FSI}Samira H.${PDI} بسعر ${FSI}$3.00${PDI}`,
    );
    expect(t.t("{{name}} cooked it for {{price}}", { lng: "en", name: "Samira H.", price: "$3.00" })).toBe(
      "Samira H. cooked it for $3.00",
    );
    expect(isolated("", "ar")).toBe("");
    expect(isolated(7, "ar-EG")).toBe(`${FSI}7${PDI}`);
    expect(isolated(7, "de")).toBe(7);
  });

  it("isolates the server's words too, in Arabic and in the English an Arabic text falls back to", () => {
    const key = "{{count}} portions are already promised: the meal cannot have fewer.";
    const english = translate(key, "en", "USD", { count: 1 });
    const arabic = translate(key, "ar", "USD", { count: 3 });
    expect(english).toBe("1 portion is already promised: the meal cannot have fewer.");
    expect(arabic).toContain(`${FSI}3${PDI}`);
    expect(arabic.replaceAll(FSI, "").replaceAll(PDI, "")).not.toContain("{{");
  });
});
