/** One figure of the admin dashboard's row of counts (spec §2). */
import { Card, CardContent } from "@/client/components/ui/card";

export function StatCard({
  title,
  value,
  icon,
}: {
  title: string;
  value: number | string;
  icon: React.ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex items-center justify-between p-4">
        <div>
          <p className="text-sm text-muted-foreground">{title}</p>
          <p className="text-2xl font-bold">{value}</p>
        </div>
        <span className="text-muted-foreground [&>svg]:h-6 [&>svg]:w-6">{icon}</span>
      </CardContent>
    </Card>
  );
}
