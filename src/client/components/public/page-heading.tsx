import type { ReactNode } from 'react';

/** A page's title block: kicker, serif title and a short standfirst, with a plum rule above. */
export function PageHeading({ title, intro, kicker, children }: { title: string; intro?: string; kicker?: string; children?: ReactNode }) {
  return (
    <header className="mb-8 border-t-4 border-plum-800 pt-4 sm:mb-10">
      {kicker ? <p className="mb-1 text-sm font-bold tracking-wide text-plum-700 uppercase">{kicker}</p> : null}
      <h1 className="font-serif text-3xl font-bold text-stone-900 sm:text-4xl lg:text-5xl" data-testid="page-title">
        {title}
      </h1>
      {intro ? <p className="mt-3 max-w-2xl text-lg leading-relaxed text-stone-700">{intro}</p> : null}
      {children}
    </header>
  );
}

/** The page's horizontal frame: one width for every public page. */
export function PageFrame({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <div className={`mx-auto px-4 py-8 sm:px-6 sm:py-10 ${narrow ? 'max-w-3xl' : 'max-w-7xl'}`}>{children}</div>;
}
