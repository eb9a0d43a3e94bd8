import type { LucideIcon } from 'lucide-react';

type SignInFrameProps = { icon: LucideIcon; title: string; intro: React.ReactNode; children: React.ReactNode };

/** The frame of the screens before a session: a card in the middle of the page, with its mark and heading. */
export function SignInFrame({ icon: Icon, title, intro, children }: SignInFrameProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-surface-sunken via-surface to-primary/10 px-4 py-12">
      <div className="w-full max-w-sm rounded-2xl border border-default bg-surface p-8 shadow-xl shadow-ink/5">
        <div className="mb-6 grid justify-items-center gap-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-ink text-white" aria-hidden="true">
            <Icon className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold text-default">{title}</h1>
          <p className="text-sm text-muted">{intro}</p>
        </div>
        {children}
      </div>
    </main>
  );
}
