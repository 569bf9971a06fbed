/** The Help Center's search box and the questions it leaves, by category, one open at a time. */
import { Search } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { StaticSection } from "@/client/components/layout/static-page";
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from "@/client/components/ui/accordion";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { categories, matchesFaq } from "../faqs";

export function FaqSearch() {
  const { t, i18n } = useTranslation("info");
  const [query, setQuery] = useState("");
  const searchId = useId();
  const shown = useMemo(
    () =>
      categories(t)
        .map((category) => ({
          ...category,
          faqs: category.faqs.filter((faq) => matchesFaq(faq, query, i18n.language)),
        }))
        .filter((category) => category.faqs.length > 0),
    [query, t, i18n.language],
  );
  return (
    <>
      <div className="relative">
        <Label htmlFor={searchId} className="sr-only">
          {t("Search help articles")}
        </Label>
        <Search
          className="absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          className="ps-9"
          placeholder={t("Search for answers...")}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
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
    </>
  );
}
