/**
 * A meal list's filters, kept in the URL so a search can be shared and survives a reload
 * (docs/features/discovery.md): `?q=` the search text, `?near=1` nearest first, `?radius=` km, `?hide=`
 * allergens; `?mine=0` shows meals with the viewer's own allergens, which are hidden by default once the
 * viewer has set allergies (docs/features/food-safety.md). The viewer's position itself never goes in
 * the URL: it stays in this browser session (lib/geo). The search box shows what is typed at once; the
 * URL and the server follow 300 ms after typing stops.
 */
import { useEffect, useState } from "react";
import { useDebouncedCallback } from "use-debounce";
import { useSearchParams } from "wouter";
import { useCurrentUser } from "@/client/features/auth";
import { useViewerPosition } from "@/client/lib/geo";
import { exclusionsOf } from "@/contract/food-safety";
import { type MealKind, NEAR_RADIUS_CHOICES_KM, NEAR_RADIUS_DEFAULT_KM } from "@/contract/meals";
import type { MealFilters } from "./api/get-meals";

const SEARCH_DEBOUNCE_MS = 300;

/** The filters of the list on this page, and setters that write them to the URL. */
export function useMealFilters(kind?: MealKind) {
  const [params, setParams] = useSearchParams();
  const position = useViewerPosition();

  const q = params.get("q") ?? "";
  const nearMe = params.get("near") === "1";
  const radius = Number(params.get("radius"));
  const radiusKm = (NEAR_RADIUS_CHOICES_KM as readonly number[]).includes(radius)
    ? radius
    : NEAR_RADIUS_DEFAULT_KM;
  const hidden = (params.get("hide") ?? "").split(",").filter(Boolean);
  const { user } = useCurrentUser();
  const myAllergens = exclusionsOf(user);
  const hideMine = myAllergens.length > 0 && params.get("mine") !== "0";

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

  const filters: MealFilters = {
    kind,
    q,
    near: nearMe ? position : null,
    radiusKm,
    excludeAllergens: [...new Set([...hidden, ...(hideMine ? myAllergens : [])])],
  };

  return {
    filters,
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
    nearMe,
    /** Whether "near me" is on but the position is not known yet (e.g. after a reload). */
    awaitingPosition: nearMe && !position,
    setNearMe: (on: boolean) => update({ near: on ? "1" : null }),
    radiusKm,
    setRadiusKm: (km: number) => update({ radius: km === NEAR_RADIUS_DEFAULT_KM ? null : String(km) }),
    hidden,
    setHidden: (allergens: string[]) => update({ hide: allergens.join(",") || null }),
    /** Whether the viewer has allergies to hide, and whether their meals are hidden now. */
    hasMyAllergens: myAllergens.length > 0,
    hideMine,
    setHideMine: (on: boolean) => update({ mine: on ? null : "0" }),
    /** Whether anything narrows the list, so an empty list means "no match", not "nothing shared". */
    narrowed: Boolean(q) || hidden.length > 0 || nearMe || hideMine,
  };
}

/** What `useMealFilters` returns. */
export type MealFilterState = ReturnType<typeof useMealFilters>;
