/**
 * A fresh proof that the member holds the account (docs/decisions/017 "Leaving", docs/decisions/020
 * "Email change"): a code emailed to their address just now, or one of their passkeys. Deleting the
 * account and changing its email ask for one, so a session someone else got hold of cannot do either.
 */
import { msg } from "../../contract/messages";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { forbidden, validation } from "../errors";
import type { Actor } from "./actor";
import { type CodePurpose, checkCode, latestUnusedCode, spendCode } from "./email-codes";
import { signInWithPasskey } from "./passkeys";

/** What a member sends as proof: the emailed code, or a passkey's signed answer. */
export interface ProofBody {
  code?: string;
  passkey?: { challengeId: string; response: { id: string } };
}

const REFUSED_CODE = msg("That code is not right. Ask for a new code if you need one.");

/**
 * Throws unless `body` proves, just now, that the session's member holds the account: one of their
 * passkeys, or the newest unspent code of `purpose` sent to them on this session (spent by this).
 * @throws AppError 403 another account's passkey; 400 no proof, or a missing, wrong or spent code
 */
export async function assertOwnerProof(
  db: Db,
  config: Config,
  own: { user: Actor; sessionId: string },
  body: ProofBody,
  purpose: CodePurpose,
): Promise<void> {
  if (body.passkey) {
    const signedBy = await signInWithPasskey(db, config, body.passkey);
    if (signedBy.id !== own.user.id) throw forbidden(msg("That passkey belongs to another account."));
    return;
  }
  if (!body.code) throw validation(msg("Type the code we emailed you, or use a passkey."));
  const latest = await latestUnusedCode(db, own.user.id, purpose);
  if (!latest) throw validation(REFUSED_CODE);
  const pending = { id: latest.id, binding: own.sessionId, purpose };
  const checked = await checkCode(db, config.sessionSecret, { ...pending, code: body.code });
  if ("refused" in checked || !(await spendCode(db, pending))) throw validation(REFUSED_CODE);
}
