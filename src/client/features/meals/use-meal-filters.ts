/**
 * A meal list's filters, kept in the URL so a search can be shared and survives a reload
 * (docs/features/discovery.md): `?q=` the search text, `?hide=` allergens; `?mine=0` shows meals with
 * the viewer's own allergens, which are hidden by default once the viewer has set allergies
 * (docs/features/food-safety.md).
 *
 * Where (docs/features/neighbourhood.md point 2): a member with a home area sees the meals around it
 * by default; `?near=1` lists those around this device's position instead (which stays in this
 * browser session, lib/geo, never in the URL), `?area=all` lists everywhere. `?radius=` km (the home
 * area's own unless chosen), `?sort=newest` (nearest first otherwise), `?view=map` the map instead of
 * the list. The search box shows what is typed at once; the URL and the server follow 300 ms after
 * typing stops.
 */
import { useEffect, useState } from "react";
import { useDebouncedCallback } from "use-debounce";
import { useSearchParams } from "wouter";
import { useCurrentUser } from "@/client/features/auth";
import { useViewerPosition } from "@/client/lib/geo";
import { type ListArea, listFiltersOf } from "@/contract/meal-list";
import type { LocalSort, MealKind, NEAR_RADIUS_CHOICES_KM } from "@/contract/meals";

const SEARCH_DEBOUNCE_MS = 300;

/** The filters of the list on this page, and setters that write them to the URL. */
export function useMealFilters(kind?: MealKind) {
  const [params, setParams] = useSearchParams();
  const position = useViewerPosition();
  const { user } = useCurrentUser();
  const list = listFiltersOf(params, user, position, kind);
  const { q, area, homeArea, near, hidden, myAllergens, hideMine, radiusKm } = list;

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  // What the box shows: typed text at once, and the URL's text when it changes from elsewhere
  // (Home's Free and Paid buttons, back and forward).
  const [text, setText] = useState(q);
  useEffect(() => setText((current) => (current.trim() === q ? current : q)), [q]);
  const commitText = useDebouncedCallback(
    (value: string) => update({ q: value.trim() || null }),
    SEARCH_DEBOUNCE_MS,
  );

  return {
    ...list,
    /** The search box's text. */
    text,
    setText: (value: string) => {
      setText(value);
      commitText(value);
    },
    /** Sets the search text at once (a button, not typing). */
    searchFor: (value: string) => {
      commitText.cancel();
      setText(value);
      update({ q: value || null });
    },
    /** Whether the list is local (home area or this device) and its position is known. */
    isLocal: near !== null,
    setArea: (next: ListArea) =>
      update({
        near: next === "here" ? "1" : null,
        // Everywhere is the default without a home area; with one, it is asked for by name.
        area: next === "all" && homeArea ? "all" : null,
        // A radius chosen for one centre does not carry to another.
        radius: null,
      }),
    /** "Near me" is chosen but the position is not known yet (e.g. after a reload). */
    nearMe: area === "here",
    awaitingPosition: area === "here" && !position,
    setRadiusKm: (km: number) => update({ radius: String(km) }),
    setSort: (next: LocalSort) => update({ sort: next === "newest" ? "newest" : null }),
    setView: (next: "list" | "map") => update({ view: next === "map" ? "map" : null }),
    setHidden: (allergens: string[]) => update({ hide: allergens.join(",") || null }),
    /** Whether the viewer has allergies to hide, and whether their meals are hidden now. */
    hasMyAllergens: myAllergens.length > 0,
    setHideMine: (on: boolean) => update({ mine: on ? null : "0" }),
    /** What an alert saved from this list asks for (docs/features/neighbourhood.md point 6). */
    alert: {
      q: q || undefined,
      kind,
      excludeAllergens: list.excludeAllergens,
      radiusKm: radiusKm as (typeof NEAR_RADIUS_CHOICES_KM)[number],
    },
    /** Whether anything narrows the list, so an empty list means "no match", not "nothing shared". */
    narrowed: Boolean(q) || hidden.length > 0 || near !== null || area === "here" || hideMine,
  };
}

/** What `useMealFilters` returns. */
export type MealFilterState = ReturnType<typeof useMealFilters>;
