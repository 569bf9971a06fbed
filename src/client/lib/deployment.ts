/**
 * The deployment's settings the browser formats with (docs/features/languages-currency-impact.md point
 * 2): the currency prices are in and the language visitors fall back to (`GET /api/deployment`). Loaded
 * once before the first render; offline, the last answer seen on this device (or USD and English) stands
 * in.
 */
import type { Deployment } from "@/contract/i18n";
import { LANGUAGES } from "@/contract/languages";
import { DEFAULT_MAP } from "@/contract/map-defaults";
import { DEPLOYMENT_URL } from "@/contract/pages";
import { takeFirstAnswer } from "./first-answers";

const STORAGE_KEY = "mealshare:deployment";
let current: Deployment = {
  currency: "USD",
  defaultLanguage: "en",
  languages: [...LANGUAGES],
  map: DEFAULT_MAP,
  placeSearch: false,
  privacy: { retentionDays: 365, accountDeletionDays: 14, supportEmail: null },
  newcomerLimits: { openRequests: 3, linksPerText: 1, drawEntries: 2, newContactsPerDay: 5 },
};

/** Fetches the settings (the page preloads the request); never fails. */
export async function loadDeployment(): Promise<Deployment> {
  try {
    // The server puts the answer in a page it renders (src/server/first-answers.ts): no second fetch.
    const response =
      takeFirstAnswer(DEPLOYMENT_URL, undefined) ?? (await fetch(DEPLOYMENT_URL, { credentials: "include" }));
    if (!response.ok) throw new Error(String(response.status));
    current = (await response.json()) as Deployment;
    localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    try {
      const saved = localStorage.getItem(STORAGE_KEY);
      if (saved) current = JSON.parse(saved) as Deployment;
    } catch {
      // Storage unavailable: the defaults stand.
    }
  }
  return current;
}

/**
 * Sets the settings without asking: the server's render of a first screen (src/client/server-render.tsx)
 * has them at hand.
 */
export function adoptDeployment(settings: Deployment): void {
  current = settings;
}

/** The settings loaded at start. */
export const deployment = (): Deployment => current;
