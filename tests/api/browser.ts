/**
 * A browser for the sign-in tests, over real HTTP: its own cookies, form posts and navigations as a
 * browser sends them, JSON calls with its session, and asking for an emailed code (the mail catcher
 * receives it).
 */
import { expect } from "vitest";
import type { CaughtMail, MailCatcher } from "../mail-catcher";
import { CookieJar } from "./oidc-flow";

/** The six digits of a code's email (its subject starts with them). */
export const codeOf = (message: CaughtMail) => /^(\d{6}) /.exec(message.subject)![1];
/** The sign-in link of a code's email. */
export const linkOf = (message: CaughtMail) =>
  /(http\S+\/api\/login\/link\?token=\S+)/.exec(message.text)![1];

/** Where a browser goes: the app's address and the mail catcher its emails reach. */
export interface Site {
  base: () => string;
  mail: () => MailCatcher;
}

export class Browser {
  jar = new CookieJar();
  constructor(
    private readonly site: Site,
    private readonly userAgent = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  ) {}

  async get(path: string) {
    const response = await fetch(new URL(path, this.site.base()), {
      redirect: "manual",
      headers: { cookie: this.jar.header(), "user-agent": this.userAgent },
    });
    this.jar.store(response);
    return {
      status: response.status,
      location: response.headers.get("location"),
      page: await response.text(),
    };
  }

  async post(path: string, form: Record<string, string>) {
    const response = await fetch(new URL(path, this.site.base()), {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: this.jar.header(),
        origin: this.site.base(),
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": this.userAgent,
      },
      body: new URLSearchParams(form).toString(),
    });
    this.jar.store(response);
    return {
      status: response.status,
      location: response.headers.get("location"),
      page: await response.text(),
    };
  }

  async json(method: string, path: string, body?: unknown) {
    const response = await fetch(new URL(path, this.site.base()), {
      method,
      headers: {
        cookie: this.jar.header(),
        origin: this.site.base(),
        "user-agent": this.userAgent,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.jar.store(response);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  /** Asks for a code for `email` and waits for its email. */
  async askCode(email: string, returnTo = "/community") {
    const mail = this.site.mail();
    const isCode = (m: CaughtMail) => m.to === email && /^\d{6} /.test(m.subject);
    const before = mail.mails.filter(isCode).length;
    const answer = await this.post("/api/login/email", { email, returnTo });
    expect(answer.status).toBe(200);
    const [message] = (await mail.waitFor(isCode, before + 1)).slice(before);
    return { answer, message, code: codeOf(message), link: linkOf(message) };
  }

  /** Signs in (or up, as Sam Lee) with an emailed code; the browser then holds the session. */
  async signIn(email: string) {
    const { code } = await this.askCode(email);
    const answer = await this.post("/api/login/code", { code });
    if (answer.status === 200) await this.post("/api/login/profile", { firstName: "Sam", lastName: "Lee" });
    return this;
  }
}
