/**
 * The sticky signed-in navigation (spec §2 "Navigation bar"): links, the Requests badge with the
 * unread-notification count, Add Meal, the profile dropdown, and a sheet on small screens.
 */

import type { TFunction } from "i18next";
import { ChefHat, Heart, LogOut, Menu, Plus, Settings, Shield, Star, User } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { LanguageSelect } from "@/client/components/layout/language-select";
import { Avatar, AvatarFallback, AvatarImage } from "@/client/components/ui/avatar";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from "@/client/components/ui/sheet";
import { UnreadBadge } from "@/client/components/unread-badge";
import { isAdminSession, useCurrentUser } from "@/client/features/auth";
import { NotificationBell, useUnreadCount } from "@/client/features/notifications";
import { initials } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import type { CurrentUser } from "@/contract/auth";
import { REQUEST_NOTIFICATION_TYPES } from "@/contract/plain/notifications";
import { thumbnailOf } from "@/contract/plain/photos";

/** What the Messages link counts: someone said something in a thread. */
const MESSAGE_NOTIFICATION_TYPES = ["message_new"] as const;

/** The main links (spec §2), labelled in the current language. */
const mainLinks = (t: TFunction<"common">) => [
  { href: "/", label: t("Home") },
  { href: "/community", label: t("Community") },
  { href: "/marketplace", label: t("Marketplace") },
  { href: "/events", label: t("Events") },
  // docs/features/groups.md: the groups of a building, a school or a workplace.
  { href: "/groups", label: t("Groups") },
  { href: "/requests", label: t("Requests") },
  // docs/features/everyday-journey.md: every conversation in one place.
  { href: "/messages", label: t("Messages") },
];

/** The unread counts a link shows beside its label. */
interface Counts {
  requests: number;
  messages: number;
}

/** The badge beside Requests or Messages; nothing beside any other link. */
function LinkBadge({ href, counts }: { href: string; counts: Counts }) {
  const count = href === "/requests" ? counts.requests : href === "/messages" ? counts.messages : null;
  return count === null ? null : <UnreadBadge count={count} className="ms-1" testId="unread-badge" />;
}

/** The profile dropdown from the avatar (from the `md` breakpoint up). */
function ProfileMenu({
  user,
  avatar,
  signOut,
}: {
  user: CurrentUser | null;
  avatar: ReactNode;
  signOut: () => void;
}) {
  const { t } = useTranslation("common");
  const items = [
    { href: "/profile", label: t("Profile"), icon: User },
    { href: "/saved", label: t("Saved meals"), icon: Heart },
    { href: "/reviews", label: t("Reviews"), icon: Star },
    { href: "/settings", label: t("Settings"), icon: Settings },
    ...(isAdminSession(user) ? [{ href: "/admin", label: t("Admin Panel"), icon: Shield }] : []),
  ];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full"
        // The visible initials begin the name (WCAG 2.5.3 "Label in Name").
        aria-label={t("{{initials}} – Open profile menu", { initials: initials(user) })}
      >
        {avatar}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel className="truncate">
          {user?.firstName} {user?.lastName}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.map(({ href, label, icon: Icon }) => (
          <DropdownMenuItem key={href} asChild>
            <Link href={href}>
              <Icon aria-hidden="true" /> {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={signOut}>
          <LogOut aria-hidden="true" className="rtl:-scale-x-100" /> {t("Logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The menu sheet on small screens: every link, the account's, Logout and the language switch. */
function PhoneMenu({
  user,
  avatar,
  counts,
  signOut,
}: {
  user: CurrentUser | null;
  avatar: ReactNode;
  counts: Counts;
  signOut: () => void;
}) {
  const { t } = useTranslation("common");
  const [open, setOpen] = useState(false);
  const links = [
    ...mainLinks(t),
    { href: "/meals/new", label: t("Add New Meal") },
    { href: "/profile", label: t("Profile") },
    { href: "/saved", label: t("Saved meals") },
    { href: "/reviews", label: t("Reviews") },
    { href: "/settings", label: t("Settings") },
    ...(isAdminSession(user) ? [{ href: "/admin", label: t("Admin Panel") }] : []),
  ];
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={t("Open menu")}>
          <Menu className="h-6 w-6" />
          {counts.requests > 0 && (
            <span className="absolute mt-[-18px] ms-[18px] h-2.5 w-2.5 rounded-full bg-red-600" />
          )}
        </Button>
      </SheetTrigger>
      <SheetContent>
        <div className="flex items-center gap-3">
          {avatar}
          <div className="min-w-0">
            <SheetTitle className="truncate">
              {user?.firstName} {user?.lastName}
            </SheetTitle>
            <SheetDescription className="truncate">{user?.email}</SheetDescription>
          </div>
        </div>
        <ul className="flex flex-col gap-1" onClick={() => setOpen(false)} onKeyDown={undefined}>
          {links.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                className="flex items-center rounded-md px-3 py-2 font-medium hover:bg-accent"
              >
                {link.label}
                <LinkBadge href={link.href} counts={counts} />
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={signOut}
              className="flex w-full items-center rounded-md px-3 py-2 font-medium hover:bg-accent"
            >
              {t("Logout")}
            </button>
          </li>
        </ul>
        {/* On a phone the footer's language menu is a long scroll away. */}
        <LanguageSelect className="mt-4 border-t px-3 pt-4" />
      </SheetContent>
    </Sheet>
  );
}

export function NavBar() {
  const { t } = useTranslation("common");
  const links = mainLinks(t);
  const { user } = useCurrentUser();
  // The Requests badge counts what is about exchanges; the bell counts everything.
  const counts = {
    requests: useUnreadCount(REQUEST_NOTIFICATION_TYPES),
    messages: useUnreadCount(MESSAGE_NOTIFICATION_TYPES),
  };
  const [location] = useLocation();
  // Sign-out is a POST (a link could be forged by any site: docs/DESIGN.md §5). The form lives outside
  // the menu, which unmounts on select and would cancel a submission from inside it.
  const signOutForm = useRef<HTMLFormElement>(null);
  const signOut = () => signOutForm.current?.submit();
  const avatar = (
    <Avatar className="h-9 w-9">
      {user?.profileImageUrl && <AvatarImage src={thumbnailOf(user.profileImageUrl)} alt="" />}
      <AvatarFallback className="bg-primary/10 text-primary">{initials(user)}</AvatarFallback>
    </Avatar>
  );

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <form ref={signOutForm} method="post" action="/api/logout" hidden />
      <nav aria-label={t("Main")} className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Link
          href="/"
          className="flex shrink-0 items-center gap-2 whitespace-nowrap text-lg font-bold text-primary"
        >
          <ChefHat className="h-6 w-6" aria-hidden="true" />
          {t("MealShare")}
        </Link>
        <ul className="ms-4 hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={location === link.href ? "page" : undefined}
                className={cn(
                  "inline-flex items-center rounded-md px-3 py-2 text-sm font-medium hover:bg-accent",
                  location === link.href ? "text-primary" : "text-muted-foreground",
                )}
              >
                {link.label}
                <LinkBadge href={link.href} counts={counts} />
              </Link>
            </li>
          ))}
        </ul>
        {/* One bell for every width: the desktop group and the phone menu follow it. */}
        <NotificationBell className="ms-auto" />
        <div className="hidden items-center gap-3 md:flex">
          <Button asChild size="sm">
            <Link href="/meals/new">
              <Plus aria-hidden="true" />
              {t("Add Meal")}
            </Link>
          </Button>
          <ProfileMenu user={user} avatar={avatar} signOut={signOut} />
        </div>
        <PhoneMenu user={user} avatar={avatar} counts={counts} signOut={signOut} />
      </nav>
    </header>
  );
}
