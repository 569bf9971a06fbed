/**
 * The Help Center's questions and answers (spec §2 "Static pages"), in the reader's language, and
 * the search over them (spec §5 "Help search").
 */
import type { TFunction } from "i18next";
import { deployment } from "@/client/lib/deployment";
import { foldForSearch } from "@/contract/plain/search-fold";

/** One question and its answer. */
export interface Faq {
  question: string;
  answer: string;
}

type Category = { title: string; faqs: Faq[] };

/** Getting started: joining, eater and feeder, what it costs. */
const gettingStarted = (t: TFunction<"info">): Category => ({
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
});

/** Sharing food: posting, asking, picking up. */
const foodSharing = (t: TFunction<"info">): Category => ({
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
      // docs/decisions/022: where card payments are set up, the answer says how a card is held.
      answer: deployment().cardPayments
        ? t(
            "Each paid meal says how it is paid. Cash at pickup: agree in the thread and pay the cook when you collect the meal. Card in the app: when the cook accepts, your card is held for the price; it is charged when the meal changes hands and released if it does not.",
          )
        : t(
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
});

/** Safety and trust: allergens, reports, what others see. */
const safetyAndTrust = (t: TFunction<"info">): Category => ({
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
      question: t("The meal was not as described. What can I do?"),
      answer: deployment().cardPayments
        ? t(
            "Say so in the thread first: the cook may not know. If it was unsafe or not what the meal promised, report the meal. Paid by card in the app: the cook can refund you from the thread, and if you disagree about the pickup, dispute it and an admin decides and can refund the card. Paid in cash: settle it with the cook.",
          )
        : t(
            "Say so in the thread first: the cook may not know. If it was unsafe or not what the meal promised, report the meal, and do not eat food that looks or smells wrong. You paid the cook directly, so settle any money with them; an admin can take the meal down.",
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
});

/** Technical support: messages, photos, signing out. */
const technicalSupport = (t: TFunction<"info">): Category => ({
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
});

/** The FAQs by category, in the current language (the search runs over the translated text). */
export const categories = (t: TFunction<"info">): Category[] => [
  gettingStarted(t),
  foodSharing(t),
  safetyAndTrust(t),
  technicalSupport(t),
];

/**
 * spec §5: a case-insensitive match on the question or the answer, folded as the reader's `language`
 * folds text (`foldForSearch`: accents and Arabic vowel marks aside, Turkish's dotted and dotless i).
 */
export function matchesFaq(faq: Faq, query: string, language?: string): boolean {
  const needle = foldForSearch(query.trim(), language);
  return (
    !needle ||
    foldForSearch(faq.question, language).includes(needle) ||
    foldForSearch(faq.answer, language).includes(needle)
  );
}
