/** A red count of unread things, read out as "3 unread"; nothing when there are none. */
import { useTranslation } from "react-i18next";
import { cn } from "@/client/lib/utils";

export function UnreadBadge({
  count,
  className,
  testId,
}: {
  count: number;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation("common");
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        "inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white",
        className,
      )}
      data-testid={testId}
    >
      {count}
      <span className="sr-only"> {t("unread")}</span>
    </span>
  );
}
