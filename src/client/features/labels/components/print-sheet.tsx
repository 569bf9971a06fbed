/**
 * The printed container label (docs/features/handover.md point 3): one label of 100 × 70 mm (a common
 * adhesive label) or an A4 sheet of eight, each with the label's facts, the cook's first name and a QR
 * code to the public label page. Print CSS shows only the labels and sizes the page to them.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { QrCode } from "@/client/components/qr-code";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import type { PrintLabel } from "@/contract/labels";
import { LabelContent } from "./label-content";

type Layout = "single" | "sheet";
const LABELS_PER_SHEET = 8;

/** The printed page of each layout: the label's own size, or A4 with the sheet centred. */
const PAGE_CSS: Record<Layout, string> = {
  single: "size: 100mm 70mm; margin: 0;",
  sheet: "size: A4; margin: 8mm 5mm;",
};

/** The page's print rules: nothing but the labels, on a page of the label's size or A4. */
const printCss = (layout: Layout) => `
@media print {
  @page { ${PAGE_CSS[layout]} }
  body * { visibility: hidden; }
  [data-print-area], [data-print-area] * { visibility: visible; }
  [data-print-area] { position: absolute; left: 0; top: 0; }
}`;

function OneLabel({ label, url }: { label: PrintLabel; url: string }) {
  const { t } = useTranslation("app");
  return (
    <article
      className="flex h-[70mm] w-[100mm] gap-[3mm] overflow-hidden border border-black bg-white p-[3mm] text-black"
      data-testid="container-label"
    >
      <div className="min-w-0 flex-1">
        <LabelContent label={label} compact />
        <p className="mt-1 text-[8pt]">{t("Made by {{name}}", { name: label.cookFirstName })}</p>
      </div>
      <div className="flex w-[24mm] shrink-0 flex-col items-center gap-1">
        <QrCode
          url={url}
          alt={t("QR code of this label's page")}
          className="h-[24mm] w-[24mm]"
          testId="label-qr"
        />
        <p className="text-center text-[6pt] leading-tight">{t("Scan for ingredients and allergens")}</p>
      </div>
    </article>
  );
}

export function PrintSheet({ label }: { label: PrintLabel }) {
  const { t } = useTranslation("app");
  const [layout, setLayout] = useState<Layout>("single");
  const layoutId = useId();
  const url = `${window.location.origin}/label/${label.token}`;
  return (
    <div className="flex flex-col gap-4">
      <style>{printCss(layout)}</style>
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <div className="flex flex-col gap-1">
          <Label htmlFor={layoutId}>{t("Paper")}</Label>
          <select
            id={layoutId}
            className="h-10 rounded-md border bg-background px-3"
            value={layout}
            onChange={(event) => setLayout(event.target.value as Layout)}
          >
            <option value="single">{t("One label, 100 × 70 mm")}</option>
            <option value="sheet">{t("A4 sheet of {{count}} labels", { count: LABELS_PER_SHEET })}</option>
          </select>
        </div>
        <Button type="button" onClick={() => window.print()}>
          {t("Print")}
        </Button>
        <a className="text-sm underline" href={url} target="_blank" rel="noreferrer">
          {t("Open the label's public page")}
        </a>
      </div>
      <div className="max-w-full overflow-x-auto">
        <div data-print-area className={layout === "sheet" ? "grid w-[200mm] grid-cols-2" : "w-[100mm]"}>
          {Array.from({ length: layout === "sheet" ? LABELS_PER_SHEET : 1 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical copies of one label.
            <OneLabel key={index} label={label} url={url} />
          ))}
        </div>
      </div>
    </div>
  );
}
