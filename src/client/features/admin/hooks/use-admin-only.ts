import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { toast } from "@/client/components/ui/use-toast";
import { isAdminSession, useCurrentUser } from "@/client/features/auth";

/**
 * spec §6 "Admin": anyone else who opens an admin page gets the 'Access Denied' toast and goes
 * to /; the server refuses them anyway (403).
 * @returns whether the signed-in user is an admin
 */
export function useAdminOnly(): boolean {
  const { t } = useTranslation("app");
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (user && !isAdminSession(user)) {
      toast({
        title: t("Access Denied"),
        description: t("You don't have permission to access this page."),
        variant: "destructive",
      });
      navigate("/", { replace: true });
    }
  }, [user, navigate, t]);
  return isAdminSession(user);
}
