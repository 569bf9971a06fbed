/**
 * Help (spec §2 "Static pages", §5 "Help search"): FAQs in four categories, filtered in the browser
 * by question or answer (case-insensitive), one open at a time; terms and privacy; the contact form.
 */

import type { TFunction } from "i18next";
import { Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { StaticPage, StaticSection } from "@/client/components/layout/static-page";
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from "@/client/components/ui/accordion";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/use-toast";
import { useCurrentUser } from "@/client/features/auth/api/get-current-user";
import { useCreateReport } from "@/client/features/reports/api/create-report";
import { REPORT_REASON_MAX } from "@/contract/reports";

interface Faq {
  question: string;
  answer: string;
}

/** The FAQs by category, in the current language (the search runs over the translated text). */
const categories = (t: TFunction<"info">): { title: string; faqs: Faq[] }[] => [
  {
    title: t("Getting Started"),
    faqs: [
      {
        question: t("How do I join MealShare?"),
        answer: t(
          "Select Sign Up and sign in with your account. Your profile is created the first time you sign in; add a photo and a short bio so neighbours know who they are meeting.",
        ),
      },
      {
        question: t("What is the difference between eater and feeder?"),
        answer: t(
          "It is just what you are doing right now: eaters look for meals, feeders share them. You can switch at any time from your profile, and you can do both.",
        ),
      },
      {
        question: t("Does it cost anything to use MealShare?"),
        answer: t(
          "No. Community meals are free, and for Marketplace meals you pay the cook directly; MealShare takes no fee or commission.",
        ),
      },
    ],
  },
  {
    title: t("Food Sharing"),
    faqs: [
      {
        question: t("How do I share a meal?"),
        answer: t(
          "Select Add Meal, describe the dish, list ingredients and allergens, set how many portions you have and a pickup window and place. Choose Community (free) or Marketplace (paid) and set a price for paid meals.",
        ),
      },
      {
        question: t("How do payments for paid meals work?"),
        answer: t(
          "MealShare does not handle money. The price is shown on the meal; agree in the request thread how you will pay (cash at pickup, a bank transfer or a payment app) and pay the cook directly when you collect the meal.",
        ),
      },
      {
        question: t("What happens after I request a meal?"),
        answer: t(
          "The cook sees your request and can accept or decline it. Once accepted you both see the pickup details, and you can chat in the thread to agree a time. Either of you can cancel while the request is open.",
        ),
      },
      {
        question: t("What is good pickup etiquette?"),
        answer: t(
          "Arrive within the pickup window, message the cook if you are running late, bring a container or bag if asked, and say thank you. Cooks: have the meal ready and labelled, and reply to messages promptly.",
        ),
      },
    ],
  },
  {
    title: t("Safety & Trust"),
    faqs: [
      {
        question: t("How do I know a meal is safe to eat?"),
        answer: t(
          "Cooks are responsible for the food they share. Read the ingredients and allergen list, ask questions in the thread, check the cook's reviews, and trust your instincts: if something looks or smells wrong, do not eat it.",
        ),
      },
      {
        question: t("I have a food allergy. What should I do?"),
        answer: t(
          "Search for your allergen to see which meals list it, and always confirm with the cook before pickup, including whether the kitchen handles it at all. Home kitchens cannot guarantee a meal is free of traces.",
        ),
      },
      {
        question: t("How do I report a problem?"),
        answer: t(
          "Use the flag button on the meal, or Report next to the cook's name. Admins review every report and can take meals down. In an emergency, contact your local emergency services first.",
        ),
      },
      {
        question: t("Who can see my address and email?"),
        answer: t(
          "Nobody sees your email. Only the pickup location you type on a meal is shown, and a map position, if you choose to add one, is rounded to about 100 metres.",
        ),
      },
    ],
  },
  {
    title: t("Technical Support"),
    faqs: [
      {
        question: t("I am not receiving messages in my thread."),
        answer: t(
          "New messages appear live while the thread is open. If your connection dropped, the page catches up when it reconnects; reloading the page always shows the latest messages.",
        ),
      },
      {
        question: t("My photo will not upload."),
        answer: t(
          "Pick any photo up to 25 MB, one per meal: large ones are made smaller before they are sent. If one is still refused, try a JPEG instead of another format.",
        ),
      },
      {
        question: t("How do I sign out?"),
        answer: t("Open the menu under your avatar in the top right and choose Log Out."),
      },
    ],
  },
];

/** spec §5: case-insensitive match on the question or the answer. */
export function matchesFaq(faq: Faq, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return !needle || faq.question.toLowerCase().includes(needle) || faq.answer.toLowerCase().includes(needle);
}

export default function HelpPage() {
  const { t } = useTranslation("info");
  const [query, setQuery] = useState("");
  const searchId = useId();
  const shown = useMemo(
    () =>
      categories(t)
        .map((category) => ({
          ...category,
          faqs: category.faqs.filter((faq) => matchesFaq(faq, query)),
        }))
        .filter((category) => category.faqs.length > 0),
    [query, t],
  );

  return (
    <StaticPage>
      <header className="flex flex-col gap-4">
        <h1 className="text-4xl font-bold">{t("Help Center")}</h1>
        <p className="text-lg text-muted-foreground">
          {t("Answers to common questions, and a way to reach us.")}
        </p>
        <div className="relative">
          <Label htmlFor={searchId} className="sr-only">
            {t("Search help articles")}
          </Label>
          <Search
            className="absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder={t("Search for answers...")}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </header>

      <StaticSection title={t("Frequently Asked Questions")}>
        {shown.length === 0 ? (
          <p role="status" className="text-muted-foreground">
            {t('No questions match "{{query}}". Try another word, or send us a message below.', {
              query: query.trim(),
            })}
          </p>
        ) : (
          <Accordion type="single" collapsible className="flex flex-col gap-6">
            {shown.map((category) => (
              <div key={category.title}>
                <h3 className="text-lg font-semibold text-primary">{category.title}</h3>
                {category.faqs.map((faq) => (
                  <AccordionItem key={faq.question} value={faq.question} data-testid="faq">
                    <AccordionTrigger>{faq.question}</AccordionTrigger>
                    <AccordionContent>{faq.answer}</AccordionContent>
                  </AccordionItem>
                ))}
              </div>
            ))}
          </Accordion>
        )}
      </StaticSection>

      <StaticSection title={t("Terms & Privacy")} id="terms">
        <p>
          {t(
            "MealShare is a free service that connects neighbours. Cooks are responsible for the safety and description of the food they share; eaters decide what they accept. Payments for Marketplace meals are made directly between neighbours, and MealShare is not a party to them.",
          )}
        </p>
        <p>
          {t(
            "We store what you give us to run the service: your name and email from sign-in, your profile, meals, requests, messages, reviews and reports. Your email is never shown to other members and is used for the mailing list only if you subscribe. Ask an admin to delete your account and data at any time.",
          )}
        </p>
      </StaticSection>

      <StaticSection title={t("Contact Us")} id="contact">
        <p className="text-muted-foreground">{t("We usually reply within 24-48 hours.")}</p>
        <ContactForm />
      </StaticSection>
    </StaticPage>
  );
}

/**
 * The contact form. Signed in, the message reaches the admins' report list (target "other",
 * id "support"), so it needs no mail server; signed out, the form asks the visitor to sign in.
 */
function ContactForm() {
  const { t } = useTranslation("info");
  const { user } = useCurrentUser();
  const send = useCreateReport();
  const ids = { email: useId(), subject: useId(), message: useId() };
  const [email, setEmail] = useState(user?.email ?? "");
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <p role="status" className="rounded-lg bg-green-50 p-4 font-medium">
        {t("Thanks, your message has been sent. We usually reply within 24-48 hours.")}
      </p>
    );
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!user) {
      window.location.href = "/api/login?returnTo=/help%23contact";
      return;
    }
    const reason = `From: ${email.trim()}\nSubject: ${subject.trim()}\n\n${message.trim()}`.slice(
      0,
      REPORT_REASON_MAX,
    );
    send.mutate(
      { targetType: "other", targetId: "support", reason },
      {
        onSuccess: () => setSent(true),
        onError: () =>
          toast({
            title: t("Error"),
            description: t("Failed to send message. Please try again."),
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={onSubmit}>
      <div className="flex flex-col gap-1">
        <Label htmlFor={ids.email}>{t("Email")}</Label>
        <Input
          id={ids.email}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={ids.subject}>{t("Subject")}</Label>
        <Input
          id={ids.subject}
          required
          maxLength={120}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={ids.message}>{t("Message")}</Label>
        <Textarea
          id={ids.message}
          required
          rows={5}
          maxLength={800}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      {!user && (
        <p className="text-sm text-muted-foreground">
          {t("You will be asked to sign in first, so we can reply.")}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={send.isPending}>
        {t("Send Message")}
      </Button>
    </form>
  );
}
