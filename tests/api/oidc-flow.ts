/**
 * Walks the real sign-in redirect flow over HTTP, as a browser would: /api/login → the bundled
 * provider's authorize endpoint → its sign-in page → form post → back to /api/callback.
 */

/** A minimal cookie jar: enough for one origin in a test. */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get(name: string) {
    return this.cookies.get(name);
  }
}

/** What each step of the flow answered, for assertions. */
export interface SignInTrace {
  signInPage: string;
  /** Status and page of the sign-in form's answer when it did not redirect (a refused form). */
  formStatus?: number;
  formPage?: string;
  /** Status and page of the last answer when the flow ended without a redirect (e.g. a refusal). */
  lastStatus?: number;
  lastPage?: string;
  finalLocation: string;
  jar: CookieJar;
}

/**
 * Signs a person in through the bundled provider.
 * @param baseUrl the app's public URL
 * @param start the path that starts the flow, e.g. `/api/login?returnTo=/meal/1`
 */
export async function signInThroughProvider(
  baseUrl: string,
  person: { email: string; firstName: string; lastName: string },
  start = "/api/login",
  jar = new CookieJar(),
): Promise<SignInTrace> {
  const get = async (url: string) => {
    const response = await fetch(new URL(url, baseUrl), {
      redirect: "manual",
      headers: { cookie: jar.header() },
    });
    jar.store(response);
    return response;
  };

  let response = await get(start);
  let signInPage = "";
  let formStatus: number | undefined;
  let formPage: string | undefined;
  for (let hop = 0; hop < 10 && response.status >= 300 && response.status < 400; hop++) {
    const location = response.headers.get("location")!;
    if (location.startsWith(`${baseUrl}/`) === false && !location.startsWith("/")) break;
    const { pathname } = new URL(location, baseUrl);
    // Back in the app, outside the sign-in machinery: the flow is over.
    if (!pathname.startsWith("/api/") && !pathname.startsWith("/oidc"))
      return { signInPage, formStatus, formPage, finalLocation: location, jar };
    response = await get(location);
    if (response.status === 200 && response.url.includes("/interaction/")) {
      signInPage = await response.text();
      const action = /action="([^"]+)"/.exec(signInPage)![1];
      response = await fetch(new URL(action, baseUrl), {
        method: "POST",
        redirect: "manual",
        headers: {
          cookie: jar.header(),
          "content-type": "application/x-www-form-urlencoded",
          origin: baseUrl,
        },
        body: new URLSearchParams(person).toString(),
      });
      jar.store(response);
      formStatus = response.status;
      if (response.status < 300 || response.status >= 400) formPage = await response.text();
    }
  }
  const redirected = response.status >= 300 && response.status < 400;
  return {
    signInPage,
    formStatus,
    formPage,
    lastStatus: response.status,
    // The form's refusal was read already (formPage).
    lastPage: redirected || response.bodyUsed ? formPage : await response.text(),
    finalLocation: response.headers.get("location") ?? "",
    jar,
  };
}
