/** The admin's Tools & Export tab (spec §2): the mailing-list CSV, and the two exports still to come. */
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { toast } from "@/client/components/ui/use-toast";
import { useExportMailingList } from "../api/export-mailing-list";

export function ExportTools() {
  const { t } = useTranslation("app");
  const exportList = useExportMailingList();
  const onExport = () =>
    exportList.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: t("Export complete"),
          description: t("Mailing list has been downloaded successfully."),
        }),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Data Export")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ToolRow title={t("Mailing List")} text={t("Export all subscriber emails as a CSV file")}>
          <Button onClick={onExport} disabled={exportList.isPending}>
            <Download className="h-4 w-4" aria-hidden="true" /> {t("Export CSV")}
          </Button>
        </ToolRow>
        <ToolRow title={t("User Reports")} text={t("Export the report history")}>
          <Button variant="outline" disabled>
            {t("Coming Soon")}
          </Button>
        </ToolRow>
        <ToolRow title={t("Platform Analytics")} text={t("Export usage statistics")}>
          <Button variant="outline" disabled>
            {t("Coming Soon")}
          </Button>
        </ToolRow>
      </CardContent>
    </Card>
  );
}

function ToolRow({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      {children}
    </div>
  );
}
