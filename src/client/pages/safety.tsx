/** Safety (spec §2 "Static pages"): checklist, food safety, personal safety, trust, reporting. */

import type { TFunction } from "i18next";
import { CheckCircle2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StaticPage, StaticSection } from "@/client/components/layout/static-page";
import { JoinButton } from "@/client/features/auth";

const checklist = (t: TFunction<"info">) => [
  t("Read the allergen list, and ask the cook in the thread if anything is unclear."),
  t("Check the pickup window and location before you request."),
  t("Bring your own container or bag if the cook asks for it."),
  t("Eat or refrigerate the meal within two hours of pickup."),
  t("Leave an honest review once the exchange is complete."),
];

function Tips({ items }: { items: string[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export default function SafetyPage() {
  const { t } = useTranslation("info");
  return (
    <StaticPage>
      <header className="flex flex-col gap-3">
        <h1 className="text-4xl font-bold">{t("Safety")}</h1>
        <p className="text-lg text-muted-foreground">
          {t(
            "MealShare connects neighbours; it does not cook, inspect or deliver food. Food safety is the responsibility of the person who cooks it, and good judgement is everyone's job. Here is how to share well.",
          )}
        </p>
      </header>

      <StaticSection title={t("Before every exchange")}>
        <Tips items={checklist(t)} />
      </StaticSection>

      <StaticSection title={t("Food safety for cooks")}>
        <Tips
          items={[
            t("Wash your hands, surfaces and utensils; keep raw meat apart from ready-to-eat food."),
            t(
              "Cool cooked food quickly (within two hours) and keep it in the fridge at 5 °C / 41 °F or below until pickup.",
            ),
            t("Reheated dishes should reach 75 °C / 165 °F throughout; never reheat more than once."),
            t(
              "List every allergen you used, including traces: the 14 major ones are celery, cereals with gluten, crustaceans, eggs, fish, lupin, milk, molluscs, mustard, tree nuts, peanuts, sesame, soya and sulphites.",
            ),
            t("Label containers with the dish and the day it was cooked. If in doubt, do not post it."),
          ]}
        />
      </StaticSection>

      <StaticSection title={t("Personal safety")}>
        <Tips
          items={[
            t("Meet at a doorstep, porch or other visible place; you never need to invite anyone inside."),
            t("Keep the conversation in the MealShare thread, so there is a record if anything goes wrong."),
            t(
              "You do not have to share your phone number or full address until the request is accepted, and only the pickup location is shown.",
            ),
            t(
              "For paid meals, agree the price and payment method in the thread before pickup; never pay in advance to someone you have not met.",
            ),
          ]}
        />
      </StaticSection>

      <StaticSection title={t("Building trust")}>
        <p>
          {t(
            "Reviews can only be left after a completed exchange, by the two people who took part. A cook's rating is the average of those reviews, shown with how many there are. Registered cooks carry a badge. A new member with no reviews yet is not a bad sign: start with a small free meal and get to know each other.",
          )}
        </p>
      </StaticSection>

      <StaticSection title={t("How to report a problem")}>
        <p>
          {t(
            "Use the flag button on any meal, or Report next to the cook's name, and describe what happened. Reports go to the neighbourhood's admins, who can take a meal down and follow up with the people involved. If someone is in danger or seriously ill, call your local emergency number first.",
          )}
        </p>
      </StaticSection>

      <div className="text-center">
        <JoinButton>{t("Start Safe Food Sharing")}</JoinButton>
      </div>
    </StaticPage>
  );
}
