/** The newsletter feature's public face: what pages and other features may use. */
export { NewsletterForm } from "./components/newsletter-form";
