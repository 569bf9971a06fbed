/**
 * The signed-in pages the phone benches open (bench/lighthouse.ts, bench/slow.ts): the seed's Maria
 * signed in, a meal of someone else's with portions left, and a thread she starts on it with a first
 * message, so each bench measures the same three pages.
 */
import { TIME_ZONE_COOKIE } from "../src/contract/languages";
import { signInThroughProvider } from "../tests/api/oidc-flow";

/** Maria's session, a meal's id and a thread's id on the app at `base`. */
export interface MemberPages {
  /** The session's cookies, name and value, for a browser's jar. */
  cookies: { name: string; value: string }[];
  mealId: string;
  threadId: string;
}

/**
 * Signs Maria in at `base`, picks a meal she may ask for and asks for it.
 * @throws Error when the seed has no such meal or the request is refused
 */
export async function memberPages(base: string): Promise<MemberPages> {
  const { jar } = await signInThroughProvider(base, {
    email: "maria.lopez@example.org",
    firstName: "Maria",
    lastName: "Lopez",
  });
  const cookie = jar.header();
  const me = (await (await fetch(`${base}/api/auth/user`, { headers: { cookie } })).json()) as { id: string };
  const meals = (await (await fetch(`${base}/api/meals?area=all`, { headers: { cookie } })).json()) as {
    id: string;
    portionsLeft: number;
    owner: { id: string };
  }[];
  const meal = meals.find((candidate) => candidate.portionsLeft > 0 && candidate.owner.id !== me.id);
  if (!meal) throw new Error("the seed has no meal of someone else's with portions left");
  const asked = await fetch(`${base}/api/requests`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ mealId: meal.id, message: "Could I have one, please?" }),
  });
  if (!asked.ok) throw new Error(`the thread could not be made: ${asked.status} ${await asked.text()}`);
  const cookies = cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  // The time zone her browser keeps once it has run the app or its sign-in page (src/client/lib/time-zone.ts).
  cookies.push({ name: TIME_ZONE_COOKIE, value: Intl.DateTimeFormat().resolvedOptions().timeZone });
  return { cookies, mealId: meal.id, threadId: ((await asked.json()) as { id: string }).id };
}
