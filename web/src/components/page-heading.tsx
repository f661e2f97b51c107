import type { ReactNode } from 'react';

/** A screen's heading with an optional line below it. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-heading">
      <h1>{title}</h1>
      {children && <div className="muted">{children}</div>}
    </div>
  );
}
