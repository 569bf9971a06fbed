import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Card, CardContent } from "@/client/components/ui/card";
import { useDisplayName } from "@/client/lib/display-name";
import { useBlockedUsers } from "../api/profiles";
import { BlockButton } from "./block-button";

/** Settings → Blocked users, each with Unblock. */
export function BlockedUsers() {
  const { t } = useTranslation("app");
  const blocked = useBlockedUsers();
  const displayName = useDisplayName();
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t("Blocked users")}</h2>
        {blocked.isLoading && <Spinner label={t("Loading blocked users")} />}
        {blocked.isError && (
          <QueryError
            title={t("Could not load blocked users")}
            error={blocked.error}
            onRetry={() => blocked.refetch()}
            retrying={blocked.isRefetching}
            compact
          />
        )}
        {blocked.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">{t("You have not blocked anyone.")}</p>
        )}
        {blocked.data && blocked.data.length > 0 && (
          <ul className="flex flex-col gap-2">
            {blocked.data.map((person) => {
              const name = displayName(person);
              return (
                <li key={person.id} className="flex items-center justify-between gap-2">
                  <Link href={`/user/${person.id}`} className="hover:underline">
                    {name}
                  </Link>
                  <BlockButton userId={person.id} name={name} blocked />
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
