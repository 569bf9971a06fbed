/**
 * Joining a group from its page (docs/features/groups.md point 1): its rules to accept, then Join (open,
 * or a verified address at its email domain), Apply with the answers to its questions, or — for an
 * invite-only group — a line saying so. A member whose group changed its rules accepts them again here.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Checkbox } from "@/client/components/ui/checkbox";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/use-toast";
import type { GroupDetail } from "@/contract/groups";
import { useAcceptRules, useApplyToGroup, useJoinGroup, useWithdrawApplication } from "../api/groups";

/** The group's rules and the box that accepts them. */
export function RulesAcceptance({
  rules,
  accepted,
  onChange,
}: {
  rules: string;
  accepted: boolean;
  onChange: (accepted: boolean) => void;
}) {
  const { t } = useTranslation("app");
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t("The group's rules")}</h3>
      <p className="whitespace-pre-line rounded-md bg-muted p-3 text-sm" data-testid="group-rules">
        {rules || t("This group has no rules beyond MealShare's own.")}
      </p>
      <div className="flex items-center gap-2">
        <Checkbox id={id} checked={accepted} onCheckedChange={(checked) => onChange(checked === true)} />
        <Label htmlFor={id}>{t("I have read the rules and accept them")}</Label>
      </div>
    </div>
  );
}

/** A member whose group changed its rules accepts them again to keep sharing and requesting. */
function NewRules({ group }: { group: GroupDetail }) {
  const { t } = useTranslation("app");
  const [accepted, setAccepted] = useState(false);
  const acceptRules = useAcceptRules(group.id);
  return (
    <Card className="border-amber-300">
      <CardContent className="flex flex-col gap-3 p-4">
        <p className="font-medium">
          {t("The rules have changed. Accept them to keep sharing and requesting in this group.")}
        </p>
        <RulesAcceptance rules={group.rules} accepted={accepted} onChange={setAccepted} />
        <Button
          className="self-start"
          disabled={!accepted || acceptRules.isPending}
          onClick={() => acceptRules.mutate(group.rulesVersion)}
        >
          {t("Accept the new rules")}
        </Button>
      </CardContent>
    </Card>
  );
}

/** An application waiting for an answer, which its applicant may withdraw. */
function PendingApplication({ group }: { group: GroupDetail }) {
  const { t } = useTranslation("app");
  const withdraw = useWithdrawApplication(group.id);
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
        <p>{t("Your application is waiting for an answer.")}</p>
        <Button variant="outline" disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
          {t("Withdraw application")}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The answers to an application's questions, marked when one is missing. */
function Answers({
  questions,
  answers,
  missing,
  onChange,
}: {
  questions: string[];
  answers: string[];
  missing: boolean;
  onChange: (answers: string[]) => void;
}) {
  return questions.map((question, index) => (
    <div key={question} className="flex flex-col gap-1">
      <Label htmlFor={`answer-${index}`}>{question}</Label>
      <Textarea
        id={`answer-${index}`}
        rows={2}
        maxLength={1000}
        value={answers[index] ?? ""}
        aria-invalid={missing && !answers[index]?.trim() ? true : undefined}
        onChange={(event) =>
          onChange(answers.map((answer, i) => (i === index ? event.target.value : answer)))
        }
      />
    </div>
  ));
}

/**
 * Join (open, or by email domain) or Apply with the answers, once the rules are accepted. `sending`
 * is the panel's: a sent application or a join replaces this form, and its toast must still come.
 */
function JoinForm({
  group,
  sending,
  onSend,
}: {
  group: GroupDetail;
  sending: boolean;
  onSend: (answers: string[] | null) => void;
}) {
  const { t } = useTranslation("app");
  const [accepted, setAccepted] = useState(false);
  const [answers, setAnswers] = useState<string[]>(() => group.questions.map(() => ""));
  const [missing, setMissing] = useState(false);
  const byApplication = group.joinRule === "application";
  const submit = () => {
    if (!accepted || (byApplication && answers.some((answer) => answer.trim() === ""))) {
      setMissing(true);
      return;
    }
    onSend(byApplication ? answers.map((answer) => answer.trim()) : null);
  };
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-4">
        <h2 className="text-lg font-semibold">{byApplication ? t("Apply to join") : t("Join this group")}</h2>
        {group.joinRule === "email_domain" && (
          <p className="text-sm text-muted-foreground">
            {t("For people with a verified email address at {{domain}}.", {
              domain: group.emailDomain ?? "",
            })}
          </p>
        )}
        {byApplication && (
          <Answers questions={group.questions} answers={answers} missing={missing} onChange={setAnswers} />
        )}
        <RulesAcceptance rules={group.rules} accepted={accepted} onChange={setAccepted} />
        {missing && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {byApplication
              ? t("Answer every question and accept the rules.")
              : t("Accept the rules to join.")}
          </p>
        )}
        <Button className="self-start" disabled={sending} onClick={submit}>
          {byApplication ? t("Send application") : t("Join group")}
        </Button>
      </CardContent>
    </Card>
  );
}

export function JoinPanel({ group }: { group: GroupDetail }) {
  const { t } = useTranslation("app");
  const join = useJoinGroup(group.id);
  const apply = useApplyToGroup(group.id);
  const send = (answers: string[] | null) =>
    answers
      ? apply.mutate(
          { answers, rulesVersion: group.rulesVersion },
          {
            onSuccess: () =>
              toast({
                title: t("Application sent"),
                description: t("The group's moderators will answer it."),
              }),
          },
        )
      : join.mutate(group.rulesVersion, {
          onSuccess: () => toast({ title: t("Welcome to {{group}}!", { group: group.name }) }),
        });
  if (group.membership) return group.membership.rulesAccepted ? null : <NewRules group={group} />;
  if (group.myApplication) return <PendingApplication group={group} />;
  if (group.joinRule === "invite")
    return (
      <Card>
        <CardContent className="p-4">
          <p>{t("This group takes members by invite link only. Ask one of its members for a link.")}</p>
        </CardContent>
      </Card>
    );
  return <JoinForm group={group} sending={join.isPending || apply.isPending} onSend={send} />;
}
