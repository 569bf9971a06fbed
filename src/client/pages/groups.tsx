/**
 * Groups (docs/features/groups.md): the member's own groups, the directory of listed groups with its
 * search, and "Start a group".
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { LoadMore } from "@/client/components/layout/load-more";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { GroupCard, useGroupDirectory, useMyGroups } from "@/client/features/groups";
import type { GroupSummary } from "@/contract/groups";

/** Groups as cards, in a grid of one to three columns. */
function GroupList({ groups, label }: { groups: GroupSummary[]; label?: string }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {groups.map((group) => (
        <li key={group.id}>
          <GroupCard group={group} />
        </li>
      ))}
    </ul>
  );
}

/** The directory's search: what is typed is searched when sent. */
function GroupSearchForm({ onSearch }: { onSearch: (text: string) => void }) {
  const { t } = useTranslation("app");
  const [typed, setTyped] = useState("");
  return (
    <form
      aria-labelledby="find-groups"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <Label htmlFor="group-search" className="sr-only">
        {t("Search groups")}
      </Label>
      <Input
        id="group-search"
        type="search"
        value={typed}
        maxLength={100}
        placeholder={t("A building, a school, a street…")}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Button type="submit" variant="outline">
        {t("Search")}
      </Button>
    </form>
  );
}

/** The member's own groups. */
function MyGroups() {
  const { t } = useTranslation("app");
  const mine = useMyGroups();
  return (
    <section aria-labelledby="my-groups" className="flex flex-col gap-3">
      <h2 id="my-groups" className="text-xl font-semibold">
        {t("My groups")}
      </h2>
      {mine.isLoading && <Spinner label={t("Loading your groups")} />}
      {mine.isError && (
        <QueryError
          title={t("Could not load your groups")}
          error={mine.error}
          onRetry={() => mine.refetch()}
          retrying={mine.isRefetching}
        />
      )}
      {mine.data && mine.data.length === 0 && (
        <p className="text-sm text-muted-foreground">{t("You are not in a group yet.")}</p>
      )}
      {mine.data && mine.data.length > 0 && <GroupList groups={mine.data} />}
    </section>
  );
}

/** The directory of listed groups, searched by name. */
function FindGroups() {
  const { t } = useTranslation("app");
  const [q, setQ] = useState("");
  const directory = useGroupDirectory(q);
  return (
    <section aria-labelledby="find-groups" className="flex flex-col gap-3">
      <h2 id="find-groups" className="text-xl font-semibold">
        {t("Find a group")}
      </h2>
      <GroupSearchForm onSearch={setQ} />
      {directory.isLoading && <Spinner label={t("Loading groups")} />}
      {directory.isError && directory.groups.length === 0 && (
        <QueryError
          title={t("Could not load groups")}
          error={directory.error}
          onRetry={() => directory.refetch()}
          retrying={directory.isRefetching}
        />
      )}
      {directory.data && directory.groups.length === 0 && (
        <EmptyState
          title={q ? t("No groups match “{{text}}”", { text: q }) : t("No groups yet")}
          text={t("Start one for your building, your school or your workplace.")}
        />
      )}
      {directory.groups.length > 0 && <GroupList groups={directory.groups} label={t("Groups found")} />}
      <LoadMore query={directory} errorTitle={t("Could not load more groups")} />
    </section>
  );
}

export default function GroupsPage() {
  const { t } = useTranslation("app");
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t("Groups")}</h1>
          <p className="text-muted-foreground">
            {t("Share with the people of your building, your school or your workplace.")}
          </p>
        </div>
        <Button asChild>
          <Link href="/groups/new">{t("Start a group")}</Link>
        </Button>
      </header>

      <MyGroups />

      <FindGroups />
    </div>
  );
}
