import type { ReactNode } from 'react';

/** A screen's body: its title and content, padded for the phone layout. */
export function Page({
  title,
  children,
  className,
}: {
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section className={`page ${className ?? ''}`}>
      <h1 className="page-title">{title}</h1>
      {children}
    </section>
  );
}
