import type { ReactNode } from "react";

/** A centred empty state: title, text and actions. */
export function EmptyState({
  icon,
  title,
  text,
  children,
}: {
  icon?: ReactNode;
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      {icon}
      <h3 className="text-lg font-semibold">{title}</h3>
      {text && <p className="max-w-md text-muted-foreground">{text}</p>}
      {children && <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div>}
    </div>
  );
}
