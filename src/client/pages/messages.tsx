/**
 * Messages (docs/features/everyday-journey.md "A Messages view"): every conversation the
 * member is in, as eater and as feeder, newest first, in one place — reached from the navigation bar,
 * on a phone too.
 */
import { useTranslation } from "react-i18next";
import { ThreadList } from "@/client/features/requests";

export default function MessagesPage() {
  const { t } = useTranslation("app");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Messages")}</h1>
      <ThreadList />
    </div>
  );
}
