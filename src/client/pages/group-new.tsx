/** Start a group (docs/features/groups.md point 1): the group's form; its owner lands on its page. */
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { GroupForm, useCreateGroup } from "@/client/features/groups";

export default function NewGroupPage() {
  const { t } = useTranslation("app");
  const [, navigate] = useLocation();
  const create = useCreateGroup();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">{t("Start a group")}</h1>
        <p className="text-muted-foreground">
          {t(
            "For a building, a school or a workplace: share meals with its members first, or only with them.",
          )}
        </p>
      </header>
      <GroupForm
        submitLabel={t("Create group")}
        pending={create.isPending}
        onSubmit={async (input) => {
          const group = await create.mutateAsync(input);
          navigate(`/groups/${group.id}`);
        }}
      />
    </div>
  );
}
