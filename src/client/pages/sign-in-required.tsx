/** A signed-out visitor opening a signed-in page (e.g. a shared link) is offered sign-in. */
import { SignInOffer } from "@/client/features/auth";

export default function SignInRequiredPage() {
  return <SignInOffer />;
}
