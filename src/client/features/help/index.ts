/** The Help Center's public face. */
export { ContactForm } from "./components/contact-form";
export { FaqSearch } from "./components/faq-search";
export { NewcomerLimits } from "./components/newcomer-limits";
export { type Faq, matchesFaq } from "./faqs";
