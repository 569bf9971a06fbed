/** The Help Center's public face. */
export { ContactForm } from "./components/contact-form";
export { FaqSearch } from "./components/faq-search";
export { type Faq, matchesFaq } from "./faqs";
