/**
 * What a container label says (docs/features/handover.md point 3), on the printed label and on its
 * public page alike: the meal's name, its ingredients with the allergens in bold, what of the 14 it
 * contains (in bold), when it was prepared and is to be used by, how to keep and reheat it.
 */
import { useTranslation } from "react-i18next";
import { allergenDisplayTags } from "@/client/features/meals";
import { useFormat } from "@/client/lib/format";
import { useMessages } from "@/client/lib/messages";
import { cn } from "@/client/lib/utils";
import type { PublicLabel } from "@/contract/labels";
import { REHEATING_GUIDANCE, STORAGE_GUIDANCE, storageName } from "@/contract/plain/food-safety";

/**
 * @param compact the printed label: the same facts, smaller, without the storage guidance's full text
 */
export function LabelContent({ label, compact = false }: { label: PublicLabel; compact?: boolean }) {
  const { t } = useTranslation("app");
  const say = useMessages();
  const f = useFormat();
  const contains = allergenDisplayTags(label, say);
  return (
    <div className={cn("flex flex-col", compact ? "gap-0.5 text-[8pt] leading-tight" : "gap-3")}>
      <h2 className={cn("font-bold", compact ? "text-[11pt]" : "text-2xl")}>{label.title}</h2>
      <p data-testid="label-ingredients">
        <span className="font-semibold">{t("Ingredients")}: </span>
        {label.ingredients.map((part, index) =>
          part.allergen ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move; a word may repeat.
            <strong key={index}>{part.text}</strong>
          ) : (
            part.text
          ),
        )}
      </p>
      <p data-testid="label-allergens">
        <span className="font-semibold">{t("Allergens")}: </span>
        {contains.length > 0
          ? contains.map((name, index) => (
              <span key={name}>
                {index > 0 && ", "}
                <strong>{name}</strong>
              </span>
            ))
          : label.noMajorAllergens
            ? t("None of the 14 major allergens")
            : t("Not stated — ask the cook")}
      </p>
      <p>
        <span className="font-semibold">{t("Prepared at")}: </span>
        {label.preparedAt ? f.dateTime(label.preparedAt) : t("Not stated")}
      </p>
      <p data-testid="label-use-by">
        <span className="font-semibold">{t("Use by")}: </span>
        {label.useBy ? f.dateTime(label.useBy) : t("Not stated — ask the cook")}
      </p>
      {label.storage && (
        <p>
          <span className="font-semibold">{t("Storage")}: </span>
          {say(storageName(label.storage))}
          {!compact && <>. {say(STORAGE_GUIDANCE[label.storage])}</>}
        </p>
      )}
      {label.reheating && (
        <p>
          <span className="font-semibold">{t("Reheating")}: </span>
          {label.reheating}
          {!compact && <> {say(REHEATING_GUIDANCE)}</>}
        </p>
      )}
    </div>
  );
}
