/**
 * docs/features/notifications.md point 3: notification emails through a real SMTP server (smtp-server,
 * in process), one per event, at most one per thread per hour for messages, never for categories turned
 * off, and unsubscribe links that work without signing in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMeal, buildRequest, buildSignedInUser, hoursFromNow } from "../factories";
import { type CaughtMail, emailTo, type MailCatcher, startMailCatcher } from "../mail-catcher";
import { createTestApp, jobsSettled, type TestApp } from "./harness";
import { askFor, setStatus } from "./steps";

describe("notification emails", () => {
  let t: TestApp;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await createTestApp({
      config: { email: emailTo(mail) },
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const to = (user: { email: string }) => (m: CaughtMail) => m.to === user.email;
  const mailsTo = (user: { email: string }) => mail.mails.filter(to(user));

  /**
   * A cook, an eater and the eater's pending request for the cook's meal. The pickup is hours
   * away, so accepting it sends no reminder yet (reminders.test.ts covers those).
   */
  async function exchange(
    title = "Lentil dal",
    cookOverrides: { emailVerified?: boolean; locale?: "en" | "es" | "de" } = {},
  ) {
    const cook = await buildSignedInUser(t.db, { firstName: "Maria", lastName: "Lopez", ...cookOverrides });
    const eater = await buildSignedInUser(t.db, { firstName: "Sam", lastName: "Okafor" });
    const meal = await buildMeal(t.db, cook.user, {
      title,
      pickupWindowStart: new Date(hoursFromNow(5)),
      pickupWindowEnd: new Date(hoursFromNow(7)),
    });
    const response = await askFor(t, eater.cookie, meal.id, "Could I pick up at six?");
    expect(response.statusCode).toBe(201);
    return { cook, eater, meal, requestId: response.json().id as string };
  }
  const sendMessage = (cookie: string, id: string, body: string) =>
    t.api({ method: "POST", url: `/api/requests/${id}/messages`, cookie, payload: { body } });

  it("emails the cook a new request, with a link to the thread and an unsubscribe link", async () => {
    const { cook, requestId } = await exchange();
    const [email] = await mail.waitFor(to(cook.user));
    expect(email.subject).toBe('Sam O. requested "Lentil dal"');
    expect(email.text).toContain("Hi Maria,");
    expect(email.text).toContain(`${t.config.publicUrl}/request/${requestId}`);
    expect(email.text).toMatch(/Stop requests emails: http:\/\/localhost:5000\/unsubscribe\?token=\S+/);
    expect(email.html).toContain(`href="${t.config.publicUrl}/request/${requestId}"`);
    // The request's own message is not repeated: the thread has it.
    expect(email.text).not.toContain("Could I pick up at six?");
    expect(email.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(email.headers["list-unsubscribe"]).toMatch(
      /^<http:\/\/localhost:5000\/api\/unsubscribe\?token=\S+>$/,
    );
  });

  it("writes each email in its recipient's saved language", async () => {
    const { cook, requestId } = await exchange("Sopa de lentejas", { locale: "es" });
    const [email] = await mail.waitFor(to(cook.user));
    expect(email.subject).toBe("Sam O. solicitó «Sopa de lentejas»");
    expect(email.text).toContain("Hola, Maria:");
    expect(email.text).toContain(`Ábrelo en MealShare: ${t.config.publicUrl}/request/${requestId}`);
    expect(email.text).toMatch(
      /Dejar de recibir correos de solicitudes: http:\/\/localhost:5000\/unsubscribe\?token=\S+/,
    );
    expect(email.html).toContain('<html lang="es">');
  });

  it("emails the other party when a request is accepted, declined or cancelled, not when completed", async () => {
    const accepted = await exchange("Accepted soup");
    expect((await setStatus(t, accepted.cook.cookie, accepted.requestId, "accepted")).statusCode).toBe(200);
    const [acceptedMail] = await mail.waitFor(to(accepted.eater.user));
    expect(acceptedMail.subject).toBe('Maria L. accepted your request for "Accepted soup"');

    const declined = await exchange("Declined stew");
    await setStatus(t, declined.cook.cookie, declined.requestId, "declined");
    const [declinedMail] = await mail.waitFor(to(declined.eater.user));
    expect(declinedMail.subject).toBe('Maria L. declined your request for "Declined stew"');

    const cancelled = await exchange("Cancelled pie");
    await setStatus(t, cancelled.eater.cookie, cancelled.requestId, "cancelled");
    const cancelMails = await mail.waitFor(
      (m) => m.to === cancelled.cook.user.email && m.subject.includes("cancelled"),
    );
    expect(cancelMails[0].subject).toBe('Sam O. cancelled the request for "Cancelled pie"');

    // The cook's word that they handed it over asks the eater to say so too (an email); the completion
    // it makes stays in the app (docs/features/households.md point 4).
    await setStatus(t, accepted.cook.cookie, accepted.requestId, "completed");
    await setStatus(t, accepted.eater.cookie, accepted.requestId, "completed");
    await jobsSettled(t.db);
    expect(mailsTo(accepted.eater.user).map((m) => m.subject)).toEqual([
      acceptedMail.subject,
      'Maria L. handed over "Accepted soup": say so in the thread when you have it',
    ]);
    expect(mailsTo(accepted.cook.user).filter((m) => m.subject.includes("completed"))).toEqual([]);
  });

  it("sends at most one email per thread per hour for messages; another thread gets its own", async () => {
    const first = await exchange("Chatty curry");
    await sendMessage(first.cook.cookie, first.requestId, "Six is fine!");
    const [messageMail] = await mail.waitFor(to(first.eater.user));
    expect(messageMail.subject).toBe('Maria L. sent a message about "Chatty curry"');
    await sendMessage(first.cook.cookie, first.requestId, "Bring a box.");
    // Reading the thread ends the unread notification; the hour still holds for email.
    await t.api({
      method: "PUT",
      url: "/api/notifications/read",
      cookie: first.eater.cookie,
      payload: { requestId: first.requestId },
    });
    await sendMessage(first.cook.cookie, first.requestId, "See you soon.");
    await jobsSettled(t.db);
    expect(mailsTo(first.eater.user)).toHaveLength(1);

    // Same people, another meal: another thread.
    const meal = await buildMeal(t.db, first.cook.user, { title: "Second helping" });
    const request = await buildRequest(t.db, meal, first.eater.user);
    await sendMessage(first.cook.cookie, request.id, "This one too?");
    await mail.waitFor(to(first.eater.user), 2);
    expect(mailsTo(first.eater.user).map((m) => m.subject)).toEqual([
      'Maria L. sent a message about "Chatty curry"',
      'Maria L. sent a message about "Second helping"',
    ]);
  });

  it("emails a review received", async () => {
    const { cook, eater, meal, requestId } = await exchange("Reviewed risotto");
    await setStatus(t, cook.cookie, requestId, "completed");
    await setStatus(t, eater.cookie, requestId, "completed");
    const response = await t.api({
      method: "POST",
      url: "/api/reviews",
      cookie: eater.cookie,
      payload: { revieweeId: cook.user.id, mealId: meal.id, rating: 5, text: "Lovely risotto, thank you!" },
    });
    expect(response.statusCode).toBe(201);
    const [review] = await mail.waitFor((m) => m.to === cook.user.email && m.subject.includes("review for"));
    expect(review.subject).toBe('Sam O. left you a 5-star review for "Reviewed risotto"');
    expect(review.text).toContain(`Open it in MealShare: ${t.config.publicUrl}/reviews`);
    expect(review.text).toContain("Stop reviews emails:");
  });

  it("sends nothing for a category turned off, and nothing to an unverified address", async () => {
    const { cook, eater, requestId } = await exchange("Quiet quiche");
    await mail.waitFor(to(cook.user));
    const off = await t.api({
      method: "PUT",
      url: "/api/user/notification-preferences",
      cookie: eater.cookie,
      payload: { messages: { email: false } },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().messages).toEqual({ push: true, email: false });
    expect(off.json().requests).toEqual({ push: true, email: true });
    await sendMessage(cook.cookie, requestId, "Are you still coming?");
    await jobsSettled(t.db);
    expect(mailsTo(eater.user)).toHaveLength(0);
    // Requests are still on.
    await setStatus(t, cook.cookie, requestId, "accepted");
    await mail.waitFor(to(eater.user));

    // An address the sign-in provider has not verified gets nothing.
    const unverified = await exchange("Unverified udon", { emailVerified: false });
    await sendMessage(unverified.eater.cookie, unverified.requestId, "Hello?");
    await jobsSettled(t.db);
    expect(mailsTo(unverified.cook.user)).toEqual([]);
  });

  it("unsubscribes with the email's link, without signing in, from that category only", async () => {
    const { cook, eater, requestId } = await exchange("Unsubscribe udon");
    const [email] = await mail.waitFor(to(cook.user));
    const pageUrl = new URL(/Stop requests emails: (\S+)/.exec(email.text)![1]);
    const token = pageUrl.searchParams.get("token")!;

    // What the page shows, without a cookie.
    const state = await t.app.inject({ url: `/api/unsubscribe?token=${token}` });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({
      category: "requests",
      label: "Requests",
      email: `u•••@example.test`,
      unsubscribed: false,
    });
    // A forged or altered token is refused.
    const forged = `${token.split(".")[0]}.${"A".repeat(43)}`;
    expect((await t.api({ method: "POST", url: `/api/unsubscribe?token=${forged}` })).statusCode).toBe(404);
    expect((await t.api({ method: "POST", url: "/api/unsubscribe?token=nonsense" })).statusCode).toBe(400);

    // A mail app's one-click POST: form-encoded, no cookie, no Origin.
    const oneClick = await t.app.inject({
      method: "POST",
      url: `/api/unsubscribe?token=${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().unsubscribed).toBe(true);
    const preferences = await t.api({ url: "/api/user/notification-preferences", cookie: cook.cookie });
    expect(preferences.json().requests).toEqual({ push: true, email: false });
    expect(preferences.json().messages).toEqual({ push: true, email: true });

    // No more request emails to the cook; messages still come.
    await setStatus(t, eater.cookie, requestId, "cancelled");
    const meal = await buildMeal(t.db, cook.user, { title: "After unsubscribing" });
    const request = await t.api({
      method: "POST",
      url: "/api/requests",
      cookie: eater.cookie,
      payload: { mealId: meal.id, message: null },
    });
    await sendMessage(eater.cookie, request.json().id, "Hi!");
    await mail.waitFor((m) => m.to === cook.user.email && m.subject.includes("sent a message"));
    await jobsSettled(t.db);
    expect(mailsTo(cook.user).map((m) => m.subject)).toEqual([
      'Sam O. requested "Unsubscribe udon"',
      'Sam O. sent a message about "After unsubscribing"',
    ]);
  });

  it("unsubscribes from the newsletter with its link", async () => {
    const { user: cook, cookie } = await buildSignedInUser(t.db);
    await t.api({
      method: "PUT",
      url: "/api/user/notification-preferences",
      cookie,
      payload: { newsletter: { email: true } },
    });
    const { unsubscribeToken } = await import("../../src/server/features/notifications/unsubscribe");
    const token = unsubscribeToken(t.config.sessionSecret, cook.id, "newsletter");
    const response = await t.api({ method: "POST", url: `/api/unsubscribe?token=${token}` });
    expect(response.json()).toMatchObject({ category: "newsletter", unsubscribed: true });
    const me = await t.api({ url: "/api/auth/user", cookie });
    expect(me.json().newsletterOptIn).toBe(false);
  });

  it("answers 401 to preferences signed out and 400 to unknown categories", async () => {
    expect((await t.api({ url: "/api/user/notification-preferences" })).statusCode).toBe(401);
    const { cookie } = await buildSignedInUser(t.db);
    const bad = await t.api({
      method: "PUT",
      url: "/api/user/notification-preferences",
      cookie,
      payload: { marketing: { email: true } },
    });
    expect(bad.statusCode).toBe(400);
    const wrongType = await t.api({
      method: "PUT",
      url: "/api/user/notification-preferences",
      cookie,
      payload: { messages: { email: "no" } },
    });
    expect(wrongType.statusCode).toBe(400);
  });
});
