/** A group's open membership reviews, linked, for its members (docs/decisions/020 "Membership review"). */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useFormat } from "@/client/lib/format";
import { useGroupReviews } from "../api/reviews";

export function OpenReviews({ groupId }: { groupId: string }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const reviews = useGroupReviews(groupId);
  if (!reviews.data?.length) return null;
  return (
    <section
      aria-labelledby="open-reviews"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="open-reviews" className="font-semibold">
        {t("Membership reviews open")}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {reviews.data.map((review) => (
          <li key={review.id}>
            <Link href={`/groups/${groupId}/reviews/${review.id}`} className="underline">
              {t("Review of {{name}}, until {{time}}", {
                name: `${review.member.firstName} ${review.member.lastName}`.trim(),
                time: f.dateTime(review.closesAt),
              })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
