/**
 * The column of the static pages (spec §2 "Static pages"), reachable signed in and out: the app's
 * frame around it is the public one signed out (app/layout/public-frame.tsx) and the member
 * navigation signed in.
 */

export function StaticPage({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto flex max-w-4xl flex-col gap-10">{children}</div>;
}

/** A titled section of a static page. */
export function StaticSection({
  title,
  children,
  id,
}: {
  title: string;
  children: React.ReactNode;
  id?: string;
}) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className="flex flex-col gap-4">
      <h2 id={id ? `${id}-title` : undefined} className="text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
