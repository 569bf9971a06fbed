/**
 * Place search (docs/features/neighbourhood.md point 4): type a district, town or address, press
 * Search, choose one of the places found. A failed search says so with Retry; none found says so
 * too. Shown only where the deployment has a geocoder (`placeSearch`).
 */
import { Search } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import type { Place } from "@/contract/places";
import { usePlaceSearch } from "../api/search-places";

export function PlaceSearch({ onChoose }: { onChoose: (place: Place) => void }) {
  const { t } = useTranslation("app");
  const id = useId();
  const [text, setText] = useState("");
  const [asked, setAsked] = useState("");
  const search = usePlaceSearch(asked);

  const searchNow = () => {
    if (text.trim().length >= 2) setAsked(text.trim());
  };
  // Not a form: it sits inside other forms (the meal form), which Enter here must not submit.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    searchNow();
  };

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t("Search for a place or address")}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t("e.g. a district, town or street")}
          autoComplete="off"
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" onClick={searchNow} disabled={text.trim().length < 2}>
          <Search aria-hidden="true" /> {t("Search")}
        </Button>
      </div>
      <div aria-live="polite">
        {search.isFetching && <Spinner className="py-2" label={t("Searching places")} />}
        {search.isError && (
          <QueryError
            compact
            title={t("Could not search places")}
            error={search.error}
            onRetry={() => search.refetch()}
            retrying={search.isRefetching}
          />
        )}
        {search.data && !search.isFetching && search.data.length === 0 && (
          <p className="text-sm text-muted-foreground">
            {t("No places found. Try another name, or put the pin on the map.")}
          </p>
        )}
        {search.data && search.data.length > 0 && !search.isFetching && (
          <ul className="flex flex-col gap-1" aria-label={t("Places found")}>
            {search.data.map((place) => (
              <li key={`${place.label}|${place.latitude}|${place.longitude}`}>
                <Button
                  type="button"
                  variant="ghost"
                  className="h-auto w-full justify-start whitespace-normal text-start"
                  onClick={() => onChoose(place)}
                >
                  {place.label}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
